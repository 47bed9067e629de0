/**
 * `npm run sandbox -- <command> [options]`: the sandbox's command line.
 *
 *   serve                          start the server (see sandbox/main.ts for the environment)
 *   credentials                    print <data dir>/credentials.json (never creates a sandbox)
 *   enable-direct-debit [--mode test|live] [--off]
 *                                  turn direct debit on (or off) for the demo merchant
 *   demo-link [--mode test|live] [--language en|pcm|ha|yo|ig] [--base-url URL]
 *                                  create a demo plan, subscription (with the merchant's preferred
 *                                  language when given) and setup link and print it with the test
 *                                  keys; through the HTTP API of the sandbox at URL, else directly
 *                                  on the data directory
 *   simulate-transfer <va_id> --amount <naira> [--sender NAME] [--base-url URL]
 *                                  an inbound transfer to a virtual account (test mode)
 *   clock [--advance <duration>] [--base-url URL]
 *                                  show or advance the test clock
 *                                  (both go through the running sandbox's HTTP API)
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
import { pathToFileURL } from 'node:url';
import { createSandbox, type Sandbox } from './composition/app';
import { createDemoSetupLink, type DemoSetupLink } from './demo';
import { testAccounts } from './features/direct-debit/test-accounts';
import {
  credentialsFileName,
  readCredentialsFile,
  type DemoCredentials,
} from './features/merchants/demo-merchant';
import { brandingCliUsage, runBrandingCli } from './features/merchants/branding-cli';
import { issueScopedKey, parseScopeList } from './features/merchants/scoped-keys';
import { payoutUseCaseCliUsage, runPayoutUseCaseCli } from './features/payouts/payout-use-case-cli';
import { requestLogCliUsage, runRequestLogCli } from './features/request-log/request-log-cli';
import { runWebhooksCli, webhooksCliUsage } from './features/webhooks/webhooks-cli';
import {
  callRunningSandbox,
  languageOption,
  modeOption,
  parseArgs,
  printJson,
} from './cli-support';
import { serveFromEnvironment, serverOptionsFromEnv } from './main';

const usage = `Usage: npm run sandbox -- <command> [options]

Commands:
  serve                                        start the sandbox server
  credentials                                  print the demo merchant's credentials (JSON)
  enable-direct-debit [--mode test|live] [--off]
                                               turn direct debit on (or off) for a mode
  demo-link [--mode test|live] [--language en|pcm|ha|yo|ig] [--base-url URL]
                                               create a demo subscription and print its setup link
                                               (--language: the merchant's preferred language)
  create-key [--mode test|live] --scopes subscriptions:read[,subscriptions:write]
                                               issue a secret key with limited scopes
  simulate-transfer <va_id> --amount <naira> [--sender NAME] [--base-url URL]
                                               an inbound bank transfer to a virtual account
                                               (test mode; through the running sandbox)
  clock [--advance 90|15m|2h|31d] [--base-url URL]
                                               show or advance the test clock (running sandbox)
  bank-answer <sub_id> approved|rejected [--reason TEXT] [--base-url URL]
                                               the bank's final answer to a pending or unknown
                                               mandate (test mode; through the running sandbox)
${webhooksCliUsage}
${payoutUseCaseCliUsage}
${requestLogCliUsage}
${brandingCliUsage}

Environment: PORT, HOST, SANDBOX_DATA_DIR, SANDBOX_DIST_DIR, SANDBOX_APPROVAL_DELAY_MS`;

/**
 * Opens the sandbox on the data directory without moving `baseUrl`: links point at the origin
 * in credentials.json when there is one (a server may be running there).
 */
function openLocalSandbox(): Sandbox {
  const env = serverOptionsFromEnv(process.env);
  const existing = readCredentialsFile(env.dataDir);
  const host = env.host.includes(':') ? `[${env.host}]` : env.host;
  return createSandbox({
    dataDir: env.dataDir,
    publicOrigin: existing?.baseUrl ?? `http://${host}:${env.port}`,
    approvalDelayMs: env.approvalDelayMs,
  });
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
All credentials: npm run sandbox -- credentials

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
 * so these commands go through its HTTP API: `--base-url`, else `baseUrl` of credentials.json)
 * with the demo test key, and prints the answer.
 * @throws Error when there are no credentials yet, no sandbox answers, or the answer is not 2xx.
 */
async function callTestControl(
  options: Map<string, string>,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<void> {
  const credentials = readCredentialsFile(serverOptionsFromEnv(process.env).dataDir);
  if (credentials === null) {
    throw new Error('No credentials.json in the data directory: start the sandbox first');
  }
  const baseUrl = options.get('base-url') ?? credentials.baseUrl;
  printJson(
    await callRunningSandbox({ baseUrl, key: credentials.testSecretKey }, method, path, body),
  );
}

/** Runs one CLI command. @throws Error with a message for the user. */
export async function runCli(argv: readonly string[]): Promise<void> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve': {
      parseArgs(rest, {});
      await serveFromEnvironment();
      return;
    }
    case 'credentials': {
      parseArgs(rest, {});
      // Only print: opening the sandbox here would quietly create a second demo merchant in a
      // data directory the running server does not use (a mistyped or missing SANDBOX_DATA_DIR).
      const { dataDir } = serverOptionsFromEnv(process.env);
      const credentials = readCredentialsFile(dataDir);
      if (credentials === null) {
        throw new Error(
          `No sandbox in ${dataDir} (no ${credentialsFileName}). Start it with \`npm start\` ` +
            'first, with the same SANDBOX_DATA_DIR as this command.',
        );
      }
      console.log(JSON.stringify(credentials, null, 2));
      return;
    }
    case 'enable-direct-debit': {
      const options = parseArgs(rest, { valued: ['mode'], flags: ['off'] }).options;
      const mode = modeOption(options);
      const sandbox = openLocalSandbox();
      try {
        const key =
          mode === 'live' ? sandbox.credentials.liveSecretKey : sandbox.credentials.testSecretKey;
        const response = await sandbox.handle(
          new Request(`${sandbox.publicOrigin}/sandbox/v1/direct-debit/config`, {
            method: 'PUT',
            headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
            body: JSON.stringify({ enabled: !options.has('off') }),
          }),
        );
        const text = await response.text();
        if (!response.ok) throw new Error(`Could not change the configuration: ${text}`);
        console.log(text);
      } finally {
        sandbox.close();
      }
      return;
    }
    case 'demo-link': {
      const options = parseArgs(rest, { valued: ['mode', 'language', 'base-url'] }).options;
      const demo = { mode: modeOption(options), preferredLanguage: languageOption(options) };
      const baseUrl = options.get('base-url');
      if (baseUrl !== undefined) {
        const credentials = readCredentialsFile(serverOptionsFromEnv(process.env).dataDir);
        if (credentials === null) {
          throw new Error('No credentials.json in the data directory: start the sandbox first');
        }
        printDemo(credentials, await createDemoSetupLink(baseUrl, credentials, demo));
        return;
      }
      const sandbox = openLocalSandbox();
      try {
        printDemo(
          sandbox.credentials,
          await createDemoSetupLink(
            (request) => sandbox.handle(request),
            sandbox.credentials,
            demo,
          ),
        );
      } finally {
        sandbox.close();
      }
      return;
    }
    case 'create-key': {
      const options = parseArgs(rest, { valued: ['mode', 'scopes'] }).options;
      const mode = modeOption(options);
      const scopesText = options.get('scopes');
      if (scopesText === undefined) throw new Error('--scopes is required, e.g. --scopes none');
      const scopes = parseScopeList(scopesText === 'true' ? '' : scopesText);
      const sandbox = openLocalSandbox();
      try {
        const issued = issueScopedKey(sandbox.db, {
          merchantId: sandbox.credentials.merchantId,
          mode,
          scopes,
          now: sandbox.clocks.clockFor(mode).now(),
        });
        console.log(JSON.stringify(issued, null, 2));
      } finally {
        sandbox.close();
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
      const credentials = readCredentialsFile(serverOptionsFromEnv(process.env).dataDir);
      if (credentials === null) {
        throw new Error('No credentials.json in the data directory: start the sandbox first');
      }
      if (command === 'requests') await runRequestLogCli(rest, credentials);
      else if (command === 'branding') await runBrandingCli(rest, credentials);
      else if (command === 'payout-use-case') await runPayoutUseCaseCli(rest, credentials);
      else await runWebhooksCli(command, rest, credentials);
      return;
    }
    case 'simulate-transfer': {
      const [virtualAccountId, ...flags] = rest;
      if (virtualAccountId === undefined || virtualAccountId.startsWith('--')) {
        throw new Error('Usage: simulate-transfer <va_id> --amount <naira> [--sender NAME]');
      }
      const options = parseArgs(flags, { valued: ['amount', 'sender', 'base-url'] }).options;
      const amount = Number(options.get('amount'));
      const sender = options.get('sender');
      await callTestControl(
        options,
        'POST',
        `/sandbox/v1/virtual-accounts/${virtualAccountId}/transfers`,
        {
          amount,
          ...(sender === undefined ? {} : { senderName: sender }),
        },
      );
      return;
    }
    case 'clock': {
      const options = parseArgs(rest, { valued: ['advance', 'base-url'] }).options;
      const advance = options.get('advance');
      if (advance === undefined) await callTestControl(options, 'GET', '/sandbox/v1/clock');
      else {
        await callTestControl(options, 'POST', '/sandbox/v1/clock/advance', {
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
      const options = parseArgs(flags, { valued: ['reason', 'base-url'] }).options;
      const reason = options.get('reason');
      if (reason !== undefined && outcome === 'approved') {
        throw new Error('--reason goes with rejected only');
      }
      await callTestControl(
        options,
        'POST',
        `/sandbox/v1/subscriptions/${encodeURIComponent(subscriptionId)}/direct-debit/bank-answer`,
        { outcome, ...(reason === undefined ? {} : { reason }) },
      );
      return;
    }
    case undefined:
    case 'help':
    case '--help':
      console.log(usage);
      return;
    default:
      throw new Error(`Unknown command "${command}"\n\n${usage}`);
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    await runCli(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
