/**
 * `npm run sandbox -- <command> [options]` (the installed package: `payments-sandbox <command>`):
 * the sandbox's command line. Every command works while a sandbox runs on the data directory: it
 * finds it through the directory's lock (sandbox/db/data-dir-lock.ts, which records the server's
 * `baseUrl`), or at `--base-url URL` (any command), and talks to it over HTTP; `create-key` writes
 * the key into the shared database (WAL) instead. Without a running sandbox, `enable-direct-debit`,
 * `demo-link` and `create-key` work on the data directory itself; the others need the server.
 * Heavy modules are imported by the commands that need them, so a command answers fast.
 *
 *   serve [--demo] [--quiet]       start the server (see sandbox/main.ts for the environment);
 *                                  --demo also creates the demo subscription and prints its link
 *   tail                           follow a running sandbox's requests and webhook deliveries
 *   credentials                    print <data dir>/credentials.json (never creates a sandbox)
 *   enable-direct-debit [--mode test|live] [--off]
 *                                  turn direct debit on (or off) for the demo merchant
 *   demo-link [--mode test|live] [--language en|pcm|ha|yo|ig]
 *                                  create a demo plan, subscription (with the merchant's preferred
 *                                  language when given) and setup link and print it with the test
 *                                  keys
 *   simulate-transfer <va_id> --amount <naira> [--sender NAME]
 *                                  an inbound transfer to a virtual account (test mode)
 *   clock [--advance <duration>]   show or advance the test clock
 *   create-key [--mode test|live] --scopes LIST
 *                                  issue a demo-merchant secret key with only the listed scopes
 *                                  (comma-separated; "none" for none) and print it as JSON
 *   webhooks endpoint|events|event|test|replay …, payouts enable, settle --amount N
 *                                  webhook endpoint, delivery log, test and replay; payout access
 *                                  and settlement (through the running sandbox's HTTP API; see
 *                                  sandbox/features/webhooks/webhooks-cli.ts)
 *   payout-use-case submit|list|review …
 *                                  submit, list and review payout use cases
 *                                  (sandbox/features/payouts/payout-use-case-cli.ts)
 *   requests [<req_id>] [--mode test|live] [--idempotency-key KEY] [--status CODE]
 *                                  the request log (sandbox/features/request-log/request-log-cli.ts)
 *   branding [--name TEXT] [--color #rrggbb|none] [--logo-url URL|--logo-file PATH|--no-logo]
 *                                  show or change the merchant's branding
 *                                  (sandbox/features/merchants/branding-cli.ts)
 *
 * Prints keys and the setup link on purpose: they are what a developer asked for.
 */
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Sandbox } from './composition/app';
import type { DemoSetupLink, SandboxTarget } from './demo';
import { cliName, dataDirFromEnv, startHint, tailPath } from './defaults';
import { runningSandbox } from './db/data-dir-lock';
import { testAccounts } from './features/direct-debit/test-accounts';
import {
  credentialsFileName,
  readCredentialsFile,
  type DemoCredentials,
} from './features/merchants/demo-merchant';
import { brandingCliUsage } from './features/merchants/branding-cli';
import { payoutUseCaseCliUsage } from './features/payouts/payout-use-case-cli';
import { requestLogCliUsage } from './features/request-log/request-log-cli';
import { webhooksCliUsage } from './features/webhooks/webhooks-cli';
import {
  callRunningSandbox,
  languageOption,
  modeOption,
  parseArgs,
  printJson,
} from './cli-support';

const usage = () => `Usage: ${cliName()} <command> [options]

Commands:
  serve [--demo] [--quiet]                     start the sandbox server (--demo: also create the
                                               demo subscription and print its setup link;
                                               --quiet: no line per request or delivery)
  tail                                         follow the running sandbox's requests and webhook
                                               delivery attempts (Ctrl-C to stop)
  credentials                                  print the demo merchant's credentials (JSON)
  enable-direct-debit [--mode test|live] [--off]
                                               turn direct debit on (or off) for a mode
  demo-link [--mode test|live] [--language en|pcm|ha|yo|ig]
                                               create a demo subscription and print its setup link
                                               (--language: the merchant's preferred language)
  create-key [--mode test|live] --scopes subscriptions:read[,subscriptions:write]
                                               issue a secret key with limited scopes
  simulate-transfer <va_id> --amount <naira> [--sender NAME]
                                               an inbound bank transfer to a virtual account
                                               (test mode)
  clock [--advance 90|15m|2h|31d]              show or advance the test clock
  bank-answer <sub_id> approved|rejected [--reason TEXT]
                                               the bank's final answer to a pending or unknown
                                               mandate (test mode)
${webhooksCliUsage}
${payoutUseCaseCliUsage}
${requestLogCliUsage}
${brandingCliUsage}

Every command talks to the sandbox running on the data directory (found through its lock file,
<data dir>/sandbox.lock), or to the one at --base-url URL when given.

Environment: PORT (0 picks a free port), HOST, SANDBOX_DATA_DIR, SANDBOX_DIST_DIR,
SANDBOX_APPROVAL_DELAY_MS, SANDBOX_TEST_SECRET_KEY, SANDBOX_LIVE_SECRET_KEY,
SANDBOX_WEBHOOK_SECRET, SANDBOX_WEBHOOK_URL, SANDBOX_DEMO, SANDBOX_QUIET,
SANDBOX_STOP_WITH_PARENT (sandbox/README.md)`;

/** A sandbox a command talks to over HTTP, with the demo merchant's credentials. */
interface RunningTarget {
  baseUrl: string;
  credentials: DemoCredentials;
}

function requireCredentials(dataDir: string): DemoCredentials {
  const credentials = readCredentialsFile(dataDir);
  if (credentials === null) {
    throw new Error(
      `No sandbox in ${dataDir} (no ${credentialsFileName}). Start it with ${startHint()} ` +
        'first, with the same SANDBOX_DATA_DIR as this command.',
    );
  }
  return credentials;
}

/**
 * The sandbox to send a command to: `--base-url` when given, else the server holding the data
 * directory's lock; null when none runs there.
 * @throws Error when there are no credentials in the data directory.
 */
function findRunning(baseUrlOption: string | undefined): RunningTarget | null {
  const dataDir = dataDirFromEnv(process.env);
  if (baseUrlOption !== undefined) {
    const baseUrl = new URL(baseUrlOption).origin;
    return { baseUrl, credentials: { ...requireCredentials(dataDir), baseUrl } };
  }
  const holder = runningSandbox(dataDir);
  if (holder?.baseUrl == null) return null;
  const baseUrl = holder.baseUrl;
  return { baseUrl, credentials: { ...requireCredentials(dataDir), baseUrl } };
}

/** {@link findRunning}, required. @throws Error saying how to start one when none runs. */
function requireRunning(baseUrlOption: string | undefined): RunningTarget {
  const running = findRunning(baseUrlOption);
  if (running !== null) return running;
  const dataDir = dataDirFromEnv(process.env);
  requireCredentials(dataDir);
  throw new Error(
    `No sandbox is running on ${dataDir}: start it with ${startHint()} (same ` +
      'SANDBOX_DATA_DIR as this command), or give --base-url URL.',
  );
}

/**
 * Opens the sandbox on the data directory (no server runs there) without moving `baseUrl`: links
 * point at the origin in credentials.json when there is one.
 */
async function openLocalSandbox(): Promise<Sandbox> {
  const [{ createSandbox }, { serverOptionsFromEnv, pinsFromEnv }] = await Promise.all([
    import('./composition/app'),
    import('./main'),
  ]);
  const env = serverOptionsFromEnv(process.env);
  const existing = readCredentialsFile(env.dataDir);
  const host = env.host.includes(':') ? `[${env.host}]` : env.host;
  return createSandbox({
    dataDir: env.dataDir,
    publicOrigin: existing?.baseUrl ?? `http://${host}:${env.port}`,
    approvalDelayMs: env.approvalDelayMs,
    pinnedCredentials: pinsFromEnv(process.env).pinnedCredentials,
  });
}

/**
 * Runs `action` against the running sandbox over HTTP, else against the data directory opened in
 * this process (closed afterwards).
 */
async function withSandbox<T>(
  baseUrlOption: string | undefined,
  action: (target: SandboxTarget, credentials: DemoCredentials) => Promise<T>,
): Promise<T> {
  const running = findRunning(baseUrlOption);
  if (running !== null) return action(running.baseUrl, running.credentials);
  const sandbox = await openLocalSandbox();
  try {
    return await action((request) => sandbox.handle(request), sandbox.credentials);
  } finally {
    sandbox.close();
  }
}

/** Sends `request` (its URL's path) to `target`. */
function send(target: SandboxTarget, path: string, init: RequestInit): Promise<Response> {
  if (typeof target === 'string') {
    return fetch(new URL(path, target), init).catch(() => {
      throw new Error(`No sandbox answers at ${target}: start it with ${startHint()}`);
    });
  }
  return target(new Request(new URL(path, 'http://127.0.0.1'), init));
}

function printDemo(credentials: DemoCredentials, link: DemoSetupLink): void {
  const language =
    link.preferredLanguage === null
      ? ''
      : ` (opens in "${link.preferredLanguage}" unless the customer chooses another language)`;
  console.log(`
Demo merchant: ${credentials.merchantName} (${credentials.merchantId})
Test secret key: ${credentials.testSecretKey}
Test public key: ${credentials.testPublicKey}
All credentials: ${cliName()} credentials

Direct-debit setup link (${link.mode} mode; private to the customer, do not share)${language}:
${link.setupUrl}
`);
  if (link.mode === 'test') {
    console.log(`Test account numbers (Guaranty Trust Bank; more in sandbox/README.md):`);
    for (const account of testAccounts) {
      console.log(`  ${account.accountNumber}  ${account.description}`);
    }
    console.log('');
  }
}

/**
 * `90`, `90s`, `15m`, `2h`, `3d` → seconds. @throws Error for anything else.
 */
function parseDuration(text: string): number {
  const match = /^(\d+)([smhd]?)$/.exec(text);
  if (match === null) throw new Error(`Not a duration: ${text} (e.g. 90, 15m, 2h, 31d)`);
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[match[2] ?? ''] ?? 1;
  return Number(match[1]) * unit;
}

/**
 * Calls a test-mode control on the running sandbox (the test clock lives in the server process,
 * so these commands go through its HTTP API) with the demo test key, and prints the answer.
 * @throws Error when no sandbox runs, or the answer is not 2xx.
 */
async function callTestControl(
  baseUrlOption: string | undefined,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<void> {
  const { baseUrl, credentials } = requireRunning(baseUrlOption);
  printJson(
    await callRunningSandbox({ baseUrl, key: credentials.testSecretKey }, method, path, body),
  );
}

/**
 * `--base-url URL` (or `--base-url=URL`) anywhere on the line: taken out for every command.
 * @throws Error when it has no value.
 */
function takeBaseUrl(args: readonly string[]): { baseUrl?: string; rest: string[] } {
  const rest: string[] = [];
  let baseUrl: string | undefined;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    if (arg === '--base-url') {
      const value = args[index + 1];
      if (value === undefined || value.startsWith('--')) {
        throw new Error('Option --base-url needs a value');
      }
      baseUrl = value;
      index += 1;
    } else if (arg.startsWith('--base-url=')) {
      baseUrl = arg.slice('--base-url='.length);
    } else {
      rest.push(arg);
    }
  }
  if (baseUrl !== undefined && !URL.canParse(baseUrl)) {
    throw new Error(`--base-url must be a URL such as http://127.0.0.1:4010, got "${baseUrl}"`);
  }
  return { baseUrl, rest };
}

/**
 * `tail`: prints the running sandbox's terminal lines (one per request and per webhook delivery
 * attempt, as `serve` prints them) from `GET /_sandbox/tail` until the sandbox stops or the
 * command is interrupted.
 * @throws Error when no sandbox runs or the stream is refused.
 */
async function tail(baseUrlOption: string | undefined): Promise<void> {
  const { baseUrl, credentials } = requireRunning(baseUrlOption);
  let response: Response;
  try {
    response = await fetch(new URL(tailPath, baseUrl), {
      headers: { authorization: `Bearer ${credentials.testSecretKey}` },
    });
  } catch {
    throw new Error(`No sandbox answers at ${baseUrl}: start it with ${startHint()}`);
  }
  if (!response.ok || response.body === null) {
    throw new Error(`GET ${tailPath} failed (${response.status}): ${await response.text()}`);
  }
  console.log(`Following ${baseUrl} (Ctrl-C to stop)`);
  const decoder = new TextDecoder();
  let pending = '';
  try {
    for await (const chunk of response.body) {
      pending += decoder.decode(chunk, { stream: true });
      let end = pending.indexOf('\n\n');
      while (end !== -1) {
        const message = pending.slice(0, end);
        pending = pending.slice(end + 2);
        for (const line of message.split('\n')) {
          if (line.startsWith('data: ')) console.log(line.slice('data: '.length));
        }
        end = pending.indexOf('\n\n');
      }
    }
  } catch {
    // the connection dropped: the sandbox stopped
  }
  console.log('The sandbox stopped.');
}

/** Runs one CLI command. @throws Error with a message for the user. */
export async function runCli(argv: readonly string[]): Promise<void> {
  const [command, ...words] = argv;
  const { baseUrl, rest } = takeBaseUrl(words);
  switch (command) {
    case 'serve': {
      const options = parseArgs(rest, { flags: ['demo', 'no-demo', 'quiet'] }).options;
      const { serveFromEnvironment, switchFromEnv } = await import('./main');
      const demo = options.has('no-demo')
        ? false
        : options.has('demo') || switchFromEnv(process.env, 'SANDBOX_DEMO', false);
      await serveFromEnvironment({
        quiet: options.has('quiet') ? true : undefined,
        onReady: demo
          ? async (server) => {
              const { createDemoSetupLink } = await import('./demo');
              printDemo(
                server.sandbox.credentials,
                await createDemoSetupLink(server.url, server.sandbox.credentials),
              );
            }
          : undefined,
      });
      return;
    }
    case 'tail': {
      parseArgs(rest, {});
      await tail(baseUrl);
      return;
    }
    case 'credentials': {
      parseArgs(rest, {});
      // Only print: opening the sandbox here would quietly create a second demo merchant in a
      // data directory the running server does not use (a mistyped or missing SANDBOX_DATA_DIR).
      console.log(JSON.stringify(requireCredentials(dataDirFromEnv(process.env)), null, 2));
      return;
    }
    case 'enable-direct-debit': {
      const options = parseArgs(rest, { valued: ['mode'], flags: ['off'] }).options;
      const mode = modeOption(options);
      await withSandbox(baseUrl, async (target, credentials) => {
        const key = mode === 'live' ? credentials.liveSecretKey : credentials.testSecretKey;
        const response = await send(target, '/sandbox/v1/direct-debit/config', {
          method: 'PUT',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ enabled: !options.has('off') }),
        });
        const text = await response.text();
        if (!response.ok) throw new Error(`Could not change the configuration: ${text}`);
        console.log(text);
      });
      return;
    }
    case 'demo-link': {
      const options = parseArgs(rest, { valued: ['mode', 'language'] }).options;
      const demo = { mode: modeOption(options), preferredLanguage: languageOption(options) };
      const { createDemoSetupLink } = await import('./demo');
      await withSandbox(baseUrl, async (target, credentials) => {
        printDemo(credentials, await createDemoSetupLink(target, credentials, demo));
      });
      return;
    }
    case 'create-key': {
      const options = parseArgs(rest, { valued: ['mode', 'scopes'] }).options;
      const mode = modeOption(options);
      const scopesText = options.get('scopes');
      if (scopesText === undefined) throw new Error('--scopes is required, e.g. --scopes none');
      const { issueScopedKey, parseScopeList } = await import('./features/merchants/scoped-keys');
      const scopes = parseScopeList(scopesText === 'true' ? '' : scopesText);
      const dataDir = dataDirFromEnv(process.env);
      const credentials = readCredentialsFile(dataDir);
      if (credentials === null) {
        // No sandbox yet: create it on the data directory, as `serve` would.
        const sandbox = await openLocalSandbox();
        try {
          const now = sandbox.clocks.clockFor(mode).now();
          const issued = issueScopedKey(sandbox.db, {
            merchantId: sandbox.credentials.merchantId,
            mode,
            scopes,
            now,
          });
          console.log(JSON.stringify(issued, null, 2));
        } finally {
          sandbox.close();
        }
        return;
      }
      // A key is one row: written into the shared database (WAL), whether a server runs or not.
      const [{ openDatabase }, { createModeClocks, systemClock }] = await Promise.all([
        import('./db/database'),
        import('./core/clock'),
      ]);
      const db = openDatabase({ dataDir });
      try {
        const now = createModeClocks(db, systemClock).clockFor(mode).now();
        const issued = issueScopedKey(db, {
          merchantId: credentials.merchantId,
          mode,
          scopes,
          now,
        });
        console.log(JSON.stringify(issued, null, 2));
      } finally {
        db.close();
      }
      return;
    }
    case 'webhooks':
    case 'payouts':
    case 'settle':
    case 'payout-use-case':
    case 'branding':
    case 'requests': {
      // These talk to the running sandbox over HTTP: its worker is what delivers webhooks.
      const { credentials } = requireRunning(baseUrl);
      if (command === 'requests') {
        const { runRequestLogCli } = await import('./features/request-log/request-log-cli');
        await runRequestLogCli(rest, credentials);
      } else if (command === 'branding') {
        const { runBrandingCli } = await import('./features/merchants/branding-cli');
        await runBrandingCli(rest, credentials);
      } else if (command === 'payout-use-case') {
        const { runPayoutUseCaseCli } = await import('./features/payouts/payout-use-case-cli');
        await runPayoutUseCaseCli(rest, credentials);
      } else {
        const { runWebhooksCli } = await import('./features/webhooks/webhooks-cli');
        await runWebhooksCli(command, rest, credentials);
      }
      return;
    }
    case 'simulate-transfer': {
      const [virtualAccountId, ...flags] = rest;
      if (virtualAccountId === undefined || virtualAccountId.startsWith('--')) {
        throw new Error('Usage: simulate-transfer <va_id> --amount <naira> [--sender NAME]');
      }
      const options = parseArgs(flags, { valued: ['amount', 'sender'] }).options;
      const amount = Number(options.get('amount'));
      const sender = options.get('sender');
      await callTestControl(
        baseUrl,
        'POST',
        `/sandbox/v1/virtual-accounts/${encodeURIComponent(virtualAccountId)}/transfers`,
        {
          amount,
          ...(sender === undefined ? {} : { senderName: sender }),
        },
      );
      return;
    }
    case 'clock': {
      const options = parseArgs(rest, { valued: ['advance'] }).options;
      const advance = options.get('advance');
      if (advance === undefined) await callTestControl(baseUrl, 'GET', '/sandbox/v1/clock');
      else {
        await callTestControl(baseUrl, 'POST', '/sandbox/v1/clock/advance', {
          seconds: parseDuration(advance),
        });
      }
      return;
    }
    case 'bank-answer': {
      const [subscriptionId, outcome, ...flags] = rest;
      if (
        subscriptionId === undefined ||
        subscriptionId.startsWith('--') ||
        (outcome !== 'approved' && outcome !== 'rejected')
      ) {
        throw new Error('Usage: bank-answer <sub_id> approved|rejected [--reason TEXT]');
      }
      const options = parseArgs(flags, { valued: ['reason'] }).options;
      const reason = options.get('reason');
      if (reason !== undefined && outcome === 'approved') {
        throw new Error('--reason goes with rejected only');
      }
      await callTestControl(
        baseUrl,
        'POST',
        `/sandbox/v1/subscriptions/${encodeURIComponent(subscriptionId)}/direct-debit/bank-answer`,
        { outcome, ...(reason === undefined ? {} : { reason }) },
      );
      return;
    }
    case undefined:
    case 'help':
    case '--help':
      console.log(usage());
      return;
    default:
      throw new Error(`Unknown command "${command}"\n\n${usage()}`);
  }
}

/** True when this module is the program (also through a package bin's symlink). */
function isProgram(): boolean {
  const program = process.argv[1];
  if (program === undefined) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(program)).href;
  } catch {
    return false;
  }
}

if (isProgram()) {
  try {
    await runCli(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
