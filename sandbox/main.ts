/**
 * Starts the sandbox server from the environment and keeps it running until it is told to stop:
 * SIGINT, SIGTERM or SIGHUP, or its parent process exiting (`npm start` killed, a CI runner's step
 * ending), then closes the server and the database and exits, so the port is free at once.
 * `npm run sandbox -- serve` (sandbox/cli.ts; the package's `payments-sandbox serve`) runs it.
 *
 * Environment (sandbox/README.md, "Running it" and "In your repository and CI"):
 *
 * | variable                                        | meaning                                        |
 * | ----------------------------------------------- | ---------------------------------------------- |
 * | `PORT` (4010; 0 picks a free one), `HOST`       | where to listen                                |
 * | `SANDBOX_DATA_DIR`, `SANDBOX_DIST_DIR`          | data directory, built pages                    |
 * | `SANDBOX_APPROVAL_DELAY_MS`                     | test mandate approval delay, ms                |
 * | `SANDBOX_TEST_SECRET_KEY`, `…_LIVE_SECRET_KEY`  | pinned demo secret keys (`osk_test_…`, …)      |
 * | `SANDBOX_WEBHOOK_SECRET`                        | pinned webhook signing secret (`whsec_…`)      |
 * | `SANDBOX_WEBHOOK_URL`                           | test-mode webhook endpoint set at start        |
 * | `SANDBOX_DEMO` (`1`)                            | create the demo subscription and link at start |
 * | `SANDBOX_QUIET` (`1`)                           | no line per request or delivery                |
 * | `SANDBOX_STOP_WITH_PARENT` (`0`)                | keep running when the parent process exits     |
 *
 * Logs the URL and where the credentials are; never a key or token (the demo link is printed on
 * purpose, as `demo-link` does).
 */
import { join } from 'node:path';
import { z } from 'zod';
import { webhookUrlSchema } from '../contract/webhooks';
import {
  credentialsFileName,
  pinnedCredentialPatterns,
  type PinnedCredentials,
} from './features/merchants/demo-merchant';
import { dataDirFromEnv, serverDefaults } from './defaults';
import { startServer, type RunningServer } from './server';

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
    dataDir: dataDirFromEnv(env),
    distDir: env.SANDBOX_DIST_DIR ?? serverDefaults.distDir,
    approvalDelayMs: number('SANDBOX_APPROVAL_DELAY_MS'),
  };
}

const pinnedVariables = {
  testSecretKey: 'SANDBOX_TEST_SECRET_KEY',
  liveSecretKey: 'SANDBOX_LIVE_SECRET_KEY',
  webhookSecret: 'SANDBOX_WEBHOOK_SECRET',
} as const satisfies Record<keyof PinnedCredentials, string>;

const pinnedForms = {
  testSecretKey: 'osk_test_',
  liveSecretKey: 'osk_live_',
  webhookSecret: 'whsec_',
} as const;

/**
 * The credentials and webhook endpoint a CI job pins through the environment (module docs);
 * unset or empty variables pin nothing.
 * @throws Error naming the variable and the expected form for a malformed one (the value itself
 *   is not repeated: it is a secret, and CI logs are read by many).
 */
export function pinsFromEnv(env: NodeJS.ProcessEnv): {
  pinnedCredentials: PinnedCredentials;
  webhookUrl?: string;
} {
  const pinnedCredentials: PinnedCredentials = {};
  for (const field of Object.keys(pinnedVariables) as (keyof PinnedCredentials)[]) {
    const name = pinnedVariables[field];
    const value = env[name];
    if (value === undefined || value === '') continue;
    if (!pinnedCredentialPatterns[field].test(value)) {
      throw new Error(
        `${name} must be ${pinnedForms[field]} followed by 16 to 200 letters or digits ` +
          `(got ${value.length} characters${value.startsWith(pinnedForms[field]) ? '' : `, not starting with ${pinnedForms[field]}`}).`,
      );
    }
    pinnedCredentials[field] = value;
  }
  const url = env.SANDBOX_WEBHOOK_URL;
  if (url === undefined || url === '') return { pinnedCredentials };
  const parsed = z.safeParse(webhookUrlSchema, url);
  if (!parsed.success) {
    throw new Error(
      `SANDBOX_WEBHOOK_URL must be an absolute http(s) URL without credentials, at most 2048 ` +
        `characters (got "${url.slice(0, 100)}").`,
    );
  }
  return { pinnedCredentials, webhookUrl: parsed.data };
}

/** A yes/no variable: `1`/`true`/`yes` or `0`/`false`/`no`; `fallback` when unset. @throws Error otherwise. */
export function switchFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  if (/^(1|true|yes)$/i.test(value)) return true;
  if (/^(0|false|no)$/i.test(value)) return false;
  throw new Error(`${name} must be 1 or 0, got "${value}"`);
}

/** What `serve` takes besides the environment (its flags win over the variables). */
export interface ServeFlags {
  /** No line per request or delivery (default `SANDBOX_QUIET`, off). */
  quiet?: boolean;
  /** Told once the server is up; default: nothing (`serve` prints the demo itself). */
  onReady?: (server: RunningServer) => Promise<void>;
}

/**
 * Starts the server from `process.env` and `flags`, and stops it cleanly (then exits the process)
 * on SIGINT, SIGTERM, SIGHUP or when the parent process is gone (checked every 500 ms; off with
 * `SANDBOX_STOP_WITH_PARENT=0`).
 * @throws Error for a malformed variable (nothing is started) or a port or data directory in use.
 */
export async function serveFromEnvironment(flags: ServeFlags = {}): Promise<RunningServer> {
  const options = serverOptionsFromEnv(process.env);
  const pins = pinsFromEnv(process.env);
  const quiet = flags.quiet ?? switchFromEnv(process.env, 'SANDBOX_QUIET', false);
  const stopWithParent = switchFromEnv(process.env, 'SANDBOX_STOP_WITH_PARENT', true);
  // The stop is armed before the server starts: a signal sent as soon as the URL is printed (or
  // during the start) stops it too.
  const state: { server: RunningServer | null; stopRequested: string | null } = {
    server: null,
    stopRequested: null,
  };
  let stopping = false;
  const stop = (reason: string) => {
    const running = state.server;
    if (running === null) {
      state.stopRequested ??= reason; // acted on once started, below
      return;
    }
    if (stopping) return;
    stopping = true;
    console.log(`${reason}: stopping the sandbox`);
    void running.close().then(() => process.exit(0));
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => stop(signal));
  }
  const parent = process.ppid;
  if (stopWithParent && parent > 1) {
    // A parent killed outright (kill -9) sends no signal: its child notices being re-parented.
    setInterval(() => {
      if (process.ppid !== parent) stop(`parent process ${parent} exited`);
    }, 500).unref();
  }
  const server = await startServer({
    ...options,
    ...pins,
    log: quiet ? undefined : (line) => console.log(line),
  });
  state.server = server;
  console.log(`Sandbox listening on ${server.url}`);
  console.log(`Data directory: ${options.dataDir}`);
  console.log(`Credentials: ${join(options.dataDir, credentialsFileName)}`);
  if (state.stopRequested !== null) stop(state.stopRequested);
  await flags.onReady?.(server);
  return server;
}
