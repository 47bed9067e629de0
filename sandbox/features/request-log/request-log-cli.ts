/**
 * `npm run sandbox -- requests …`: the request log from the command line (contract/request-log.ts;
 * sandbox/README.md, "Request log"), read through the running sandbox's HTTP API with the demo
 * key of the mode.
 */
import type { DemoCredentials } from '../merchants/demo-merchant';
import { callRunningSandbox, modeOption, parseArgs, printJson } from '../../cli-support';

/** Usage lines of this command, for the CLI's help. */
export const requestLogCliUsage = `  requests [<req_id>] [--mode test|live] [--idempotency-key KEY] [--status CODE] [--limit N]
                                               the request log: newest first, or one request
                                               (through the running sandbox)`;

/**
 * Prints one page of the log of `--mode` (default test), filtered by Idempotency-Key and status,
 * or the one request `<req_id>`.
 * @throws Error on unknown options or when the sandbox answers with an error.
 */
export async function runRequestLogCli(
  args: readonly string[],
  credentials: DemoCredentials,
): Promise<void> {
  const { positional, options } = parseArgs(args, {
    valued: ['mode', 'idempotency-key', 'status', 'limit', 'base-url'],
    positional: true,
  });
  const mode = modeOption(options);
  const query = new URLSearchParams();
  for (const [option, parameter] of [
    ['idempotency-key', 'idempotency_key'],
    ['status', 'status'],
    ['limit', 'limit'],
  ] as const) {
    const value = options.get(option);
    if (value !== undefined) query.set(parameter, value);
  }
  const requestId = positional[0];
  const path =
    requestId === undefined
      ? `/sandbox/v1/requests${query.size === 0 ? '' : `?${query.toString()}`}`
      : `/sandbox/v1/requests/${encodeURIComponent(requestId)}`;
  const target = {
    baseUrl: options.get('base-url') ?? credentials.baseUrl,
    key: mode === 'live' ? credentials.liveSecretKey : credentials.testSecretKey,
  };
  printJson(await callRunningSandbox(target, 'GET', path));
}
