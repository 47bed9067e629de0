/**
 * Starts the sandbox server from the environment and keeps it running until SIGINT/SIGTERM, then
 * closes the server and the database. `npm run sandbox -- serve` and `tsx sandbox/main.ts` run it.
 *
 * Environment: `PORT` (default 4010), `HOST` (default 127.0.0.1), `SANDBOX_DATA_DIR` (default
 * `<repo>/.sandbox`), `SANDBOX_DIST_DIR` (default `<repo>/dist`), `SANDBOX_APPROVAL_DELAY_MS`
 * (default 3000). Logs the URL and where the credentials are; never a key or token.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { credentialsFileName } from './features/merchants/demo-merchant';
import { serverDefaults, startServer, type RunningServer } from './server';

/** Server options from `env` (see the module docs). @throws Error for a malformed number. */
export function serverOptionsFromEnv(env: NodeJS.ProcessEnv) {
  const number = (name: string): number | undefined => {
    const value = env[name];
    if (value === undefined || value === '') return undefined;
    if (!/^\d+$/.test(value)) throw new Error(`${name} must be a whole number, got "${value}"`);
    return Number(value);
  };
  return {
    port: number('PORT') ?? serverDefaults.port,
    host: env.HOST ?? serverDefaults.host,
    dataDir: env.SANDBOX_DATA_DIR ?? serverDefaults.dataDir,
    distDir: env.SANDBOX_DIST_DIR ?? serverDefaults.distDir,
    approvalDelayMs: number('SANDBOX_APPROVAL_DELAY_MS'),
  };
}

/** Starts the server from `process.env` and stops it cleanly on SIGINT/SIGTERM. */
export async function serveFromEnvironment(): Promise<RunningServer> {
  const options = serverOptionsFromEnv(process.env);
  const server = await startServer(options);
  console.log(`Sandbox listening on ${server.url}`);
  console.log(`Data directory: ${options.dataDir}`);
  console.log(
    `Credentials: ${join(options.dataDir, credentialsFileName)} (npm run sandbox -- credentials)`,
  );
  const stop = (signal: NodeJS.Signals) => {
    console.log(`${signal}: stopping the sandbox`);
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return server;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await serveFromEnvironment();
}
