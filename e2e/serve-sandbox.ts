/**
 * The sandbox process that Playwright starts for the end-to-end run (playwright.config.ts,
 * `webServer`): a fresh data directory each run, the built SPA from `dist/`, 127.0.0.1 only.
 * Playwright stops it when the run ends; SIGTERM closes the server and the database.
 */
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startServer } from '../sandbox/server';

const dataDir = process.env.SANDBOX_DATA_DIR;
if (!dataDir) throw new Error('SANDBOX_DATA_DIR must be set for the end-to-end sandbox');
rmSync(dataDir, { recursive: true, force: true });

const server = await startServer({
  host: '127.0.0.1',
  port: Number(process.env.PORT ?? 4173),
  dataDir,
  distDir: process.env.SANDBOX_DIST_DIR ?? fileURLToPath(new URL('../dist', import.meta.url)),
});
console.log(`e2e sandbox listening on ${server.url}`);

const stop = () => {
  void server.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
