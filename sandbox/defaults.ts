/**
 * Where the sandbox looks by default (no heavy imports, so every CLI command can read them):
 * `<repo>/.sandbox` for data, `<repo>/dist` for the built pages, port 4010 on 127.0.0.1. The
 * installed package's entry (sandbox/package-bin.ts) points them at the merchant's folder and at
 * the pages it carries instead, through `SANDBOX_DATA_DIR` and `SANDBOX_DIST_DIR`.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (parent of `sandbox/`). */
export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Defaults of `startServer` and of `npm run sandbox -- serve`. */
export const serverDefaults = {
  port: 4010,
  host: '127.0.0.1',
  dataDir: join(repoRoot, '.sandbox'),
  distDir: join(repoRoot, 'dist'),
} as const;

/** The data directory of CLI commands and `serve`: `SANDBOX_DATA_DIR`, else the default. */
export function dataDirFromEnv(env: NodeJS.ProcessEnv): string {
  const value = env.SANDBOX_DATA_DIR;
  return value === undefined || value === '' ? serverDefaults.dataDir : value;
}

/**
 * How to run the CLI, for messages: `npm run sandbox --` in this repository, the installed
 * package's `payments-sandbox` (its entry sets `SANDBOX_CLI_NAME`).
 */
export function cliName(): string {
  return process.env.SANDBOX_CLI_NAME ?? 'npm run sandbox --';
}

/**
 * Path of the server's terminal stream (sandbox/server.ts, `terminalStream`), which `tail` reads:
 * outside `/api` and `/sandbox`, it is the server's, not the service API's.
 */
export const tailPath = '/_sandbox/tail';

/** How to start the sandbox, for messages. */
export function startHint(): string {
  return process.env.SANDBOX_CLI_NAME === undefined
    ? '`npm start` (or `npm run sandbox -- serve`)'
    : `\`${process.env.SANDBOX_CLI_NAME} serve\``;
}
