/**
 * `npm run sandbox -- webhooks …`, `payouts …` and `settle …`: the webhook delivery log, test and
 * replay, and the payout controls from the command line. Every command talks to a running
 * sandbox over HTTP (the server's worker is what delivers), at `--base-url` or the `baseUrl` of
 * `credentials.json`, with the demo merchant's key of `--mode` (default test).
 *
 *   webhooks endpoint [--mode M] [--url URL | --remove]   show, set or remove the endpoint
 *   webhooks events [--mode M]                            recent events with their delivery log
 *   webhooks event <evt_id> [--mode M]                    one event, its body and every attempt
 *   webhooks test [--mode M] [--type KIND]                send a sample event (default payment.success)
 *   webhooks replay <evt_id> [--mode M]                   send an event's stored body again
 *   payouts enable [--ip IP,IP…]                          approve KYC, set the whitelist (default
 *                                                         127.0.0.1,::1), issue a live key with scope
 *                                                         payouts:create, submit a use case with it and
 *                                                         approve it; prints the access and the key
 *   settle --amount NAIRA [--mode M]                      settle into the payout balance (default live)
 *
 * @throws Error with a message for the user (bad options, sandbox not running, API error).
 */
import { randomUUID } from 'node:crypto';
import type { Mode } from '../../../contract/common';
import {
  payoutAccessResponseSchema,
  payoutKeyResponseSchema as payoutKeySchema,
  payoutUseCaseResponseSchema,
} from '../../../contract/payouts';
import { callRunningSandbox, modeOption, parseArgs, printJson } from '../../cli-support';
import type { DemoCredentials } from '../merchants/demo-merchant';

/** Usage lines of these commands, for the CLI's help. */
export const webhooksCliUsage = `  webhooks endpoint [--mode test|live] [--url URL | --remove]
                                               show, set or remove the webhook endpoint
  webhooks events [--mode test|live]           recent events with their delivery attempts
  webhooks event <evt_id> [--mode test|live]   one event with its body and delivery log
  webhooks test [--mode test|live] [--type KIND]
                                               send a test event (default payment.success)
  webhooks replay <evt_id> [--mode test|live]  send an event's stored body again
  payouts enable [--ip IP[,IP…]]               approve KYC, enable payouts, whitelist IPs
                                               (default 127.0.0.1,::1), print a payout key
  settle --amount NAIRA [--mode test|live]     settle into the payout balance (default live)
  (these talk to the running sandbox: --base-url URL, default baseUrl of credentials.json)`;

/**
 * Runs `webhooks …`, `payouts …` or `settle …` (`command` is the first word) and prints the
 * sandbox's JSON answer.
 */
export async function runWebhooksCli(
  command: 'webhooks' | 'payouts' | 'settle',
  args: readonly string[],
  credentials: DemoCredentials,
): Promise<void> {
  const keyOf = (mode: Mode) =>
    mode === 'live' ? credentials.liveSecretKey : credentials.testSecretKey;
  // `--base-url`, else the running sandbox of credentials.json; the key of `mode`.
  const call = (
    options: Map<string, string>,
    mode: Mode,
    method: string,
    path: string,
    body?: unknown,
  ) =>
    callRunningSandbox(
      { baseUrl: options.get('base-url') ?? credentials.baseUrl, key: keyOf(mode) },
      method,
      path,
      body,
    );
  const print = printJson;

  if (command === 'settle') {
    const { options } = parseArgs(args, { valued: ['amount', 'mode', 'base-url'] });
    const amount = Number(options.get('amount'));
    if (!Number.isFinite(amount) || amount <= 0) throw new Error('--amount must be naira > 0');
    print(
      await call(options, modeOption(options, 'live'), 'POST', '/sandbox/v1/settlements', {
        amount,
      }),
    );
    return;
  }
  if (command === 'payouts') {
    const { positional, options } = parseArgs(args, {
      valued: ['ip', 'base-url'],
      positional: true,
    });
    if (positional[0] !== 'enable') throw new Error('Usage: payouts enable [--ip IP[,IP…]]');
    const ipWhitelist = (options.get('ip') ?? '127.0.0.1,::1').split(',').map((ip) => ip.trim());
    await call(options, 'live', 'PUT', '/sandbox/v1/payouts/access', {
      kycApproved: true,
      ipWhitelist,
    });
    const issued = payoutKeySchema.parse(
      await call(options, 'live', 'POST', '/sandbox/v1/payouts/keys', {}),
    );
    // The Payout API opens only through a reviewed use case (Authentication, rule 7): submit one
    // with the new key unless access is already on, and approve it as the service would.
    const before = payoutAccessResponseSchema.parse(
      await call(options, 'live', 'GET', '/sandbox/v1/payouts/access'),
    );
    if (!before.data.enabled) {
      const submitted = payoutUseCaseResponseSchema.parse(
        await callRunningSandbox(
          {
            baseUrl: options.get('base-url') ?? credentials.baseUrl,
            key: issued.data.secretKey,
            idempotencyKey: randomUUID(),
          },
          'POST',
          '/api/v1/payout-use-cases',
          { useCase: 'Payouts from the sandbox command line (payouts enable)' },
        ),
      );
      await call(
        options,
        'live',
        'POST',
        `/sandbox/v1/payout-use-cases/${submitted.data.id}/review`,
        {
          decision: 'approved',
        },
      );
    }
    print(await call(options, 'live', 'GET', '/sandbox/v1/payouts/access'));
    print(issued);
    return;
  }

  const { positional, options } = parseArgs(args, {
    valued: ['mode', 'url', 'type', 'base-url'],
    flags: ['remove'],
    positional: true,
  });
  const [sub, eventId] = positional;
  const mode = modeOption(options, 'test');
  const needEvent = (): string => {
    if (eventId === undefined || !eventId.startsWith('evt_')) {
      throw new Error(`Usage: webhooks ${sub ?? ''} <evt_id>`);
    }
    return encodeURIComponent(eventId);
  };
  switch (sub) {
    case 'endpoint': {
      const url = options.get('url');
      if (url !== undefined || options.has('remove')) {
        print(
          await call(options, mode, 'PUT', '/sandbox/v1/webhooks/endpoint', {
            url: options.has('remove') ? null : url,
          }),
        );
      } else {
        print(await call(options, mode, 'GET', '/sandbox/v1/webhooks/endpoint'));
      }
      return;
    }
    case 'events':
      print(await call(options, mode, 'GET', '/sandbox/v1/webhooks/events'));
      return;
    case 'event':
      print(await call(options, mode, 'GET', `/sandbox/v1/webhooks/events/${needEvent()}`));
      return;
    case 'test': {
      const type = options.get('type');
      print(
        await call(
          options,
          mode,
          'POST',
          '/sandbox/v1/webhooks/test',
          type === undefined ? {} : { type },
        ),
      );
      return;
    }
    case 'replay':
      print(
        await call(options, mode, 'POST', `/sandbox/v1/webhooks/events/${needEvent()}/replay`, {}),
      );
      return;
    default:
      throw new Error(`Unknown webhooks command "${sub ?? ''}"\n\n${webhooksCliUsage}`);
  }
}
