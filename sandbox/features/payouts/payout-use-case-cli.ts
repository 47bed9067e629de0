/**
 * `npm run sandbox -- payout-use-case …`: a payout use case from the command line
 * (service-api.md, "Authentication" rule 7; sandbox/README.md, "Payout access review"). Talks to
 * the running sandbox over HTTP at `--base-url` or the `baseUrl` of `credentials.json`.
 *
 *   payout-use-case submit --key osk_live_… --text TEXT [--volume NAIRA]
 *                       submit with a live key holding payouts:create (a fresh Idempotency-Key)
 *   payout-use-case list --key osk_live_…          the business's use cases, newest first
 *   payout-use-case review <puc_id> approved|declined [--reason TEXT]
 *                       the service's decision (sandbox control, with the demo live key)
 *
 * @throws Error with a message for the user (bad options, sandbox not running, API error).
 */
import { randomUUID } from 'node:crypto';
import { callRunningSandbox, parseArgs, printJson } from '../../cli-support';
import type { DemoCredentials } from '../merchants/demo-merchant';

/** Usage lines of these commands, for the CLI's help. */
export const payoutUseCaseCliUsage = `  payout-use-case submit --key osk_live_… --text TEXT [--volume NAIRA]
                                               submit a payout use case (key with payouts:create)
  payout-use-case list --key osk_live_…        the business's payout use cases
  payout-use-case review <puc_id> approved|declined [--reason TEXT]
                                               the service's review (demo live key)`;

/** Runs `payout-use-case …` and prints the sandbox's JSON answer. */
export async function runPayoutUseCaseCli(
  args: readonly string[],
  credentials: DemoCredentials,
): Promise<void> {
  const { positional, options } = parseArgs(args, {
    valued: ['key', 'text', 'volume', 'reason', 'base-url'],
    positional: true,
  });
  const baseUrl = options.get('base-url') ?? credentials.baseUrl;
  const [sub, useCaseId, decision] = positional;
  const payoutKey = (): string => {
    const key = options.get('key');
    if (key === undefined)
      throw new Error('--key is required: a live secret key with payouts:create');
    return key;
  };
  switch (sub) {
    case 'submit': {
      const text = options.get('text');
      if (text === undefined) throw new Error('--text is required: what you pay out, to whom');
      const volumeText = options.get('volume');
      const volume = volumeText === undefined ? undefined : Number(volumeText);
      if (volume !== undefined && !(Number.isFinite(volume) && volume > 0)) {
        throw new Error('--volume must be naira > 0');
      }
      printJson(
        await callRunningSandbox(
          { baseUrl, key: payoutKey(), idempotencyKey: randomUUID() },
          'POST',
          '/api/v1/payout-use-cases',
          { useCase: text, ...(volume === undefined ? {} : { expectedMonthlyVolume: volume }) },
        ),
      );
      return;
    }
    case 'list':
      printJson(
        await callRunningSandbox({ baseUrl, key: payoutKey() }, 'GET', '/api/v1/payout-use-cases'),
      );
      return;
    case 'review': {
      if (
        useCaseId === undefined ||
        !useCaseId.startsWith('puc_') ||
        (decision !== 'approved' && decision !== 'declined')
      ) {
        throw new Error('Usage: payout-use-case review <puc_id> approved|declined [--reason TEXT]');
      }
      const reason = options.get('reason');
      if (reason !== undefined && decision === 'approved') {
        throw new Error('--reason goes with declined only');
      }
      printJson(
        await callRunningSandbox(
          { baseUrl, key: credentials.liveSecretKey },
          'POST',
          `/sandbox/v1/payout-use-cases/${encodeURIComponent(useCaseId)}/review`,
          { decision, ...(reason === undefined ? {} : { reason }) },
        ),
      );
      return;
    }
    default:
      throw new Error(`Unknown payout-use-case command "${sub ?? ''}"\n\n${payoutUseCaseCliUsage}`);
  }
}
