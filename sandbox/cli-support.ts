/**
 * What every `npm run sandbox -- …` command shares (sandbox/cli.ts and the webhook and payout
 * commands of sandbox/features/webhooks/webhooks-cli.ts): reading options, the `--mode` option,
 * and calling the running sandbox's HTTP API with a secret key.
 */
import type { Mode } from '../contract/common';

/** Positional arguments and `--name` options of a command line. */
export interface ParsedArgs {
  positional: string[];
  options: Map<string, string>;
}

/**
 * Reads `args`: `--name value` for each of `valued`, `--name` alone for each of `flags` (value
 * `'true'`), and, when `positional` is true, any other word as a positional argument.
 * @throws Error for an unknown option, a valued option without its value, or an unexpected word.
 */
export function parseArgs(
  args: readonly string[],
  spec: { valued?: readonly string[]; flags?: readonly string[]; positional?: boolean },
): ParsedArgs {
  const positional: string[] = [];
  const options = new Map<string, string>();
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    const name = arg.replace(/^--/, '');
    if (!arg.startsWith('--')) {
      if (spec.positional !== true) throw new Error(`Unknown option ${arg}`);
      positional.push(arg);
    } else if (spec.flags?.includes(name) === true) {
      options.set(name, 'true');
    } else if (spec.valued?.includes(name) === true) {
      const next = args[i + 1];
      if (next === undefined || next.startsWith('--')) {
        throw new Error(`Option ${arg} needs a value`);
      }
      options.set(name, next);
      i += 1;
    } else {
      throw new Error(`Unknown option ${arg}`);
    }
  }
  return { positional, options };
}

/** `--mode test|live`, else `fallback`. @throws Error for any other value. */
export function modeOption(options: Map<string, string>, fallback: Mode = 'test'): Mode {
  const mode = options.get('mode') ?? fallback;
  if (mode !== 'test' && mode !== 'live') throw new Error('--mode must be test or live');
  return mode;
}

/**
 * Calls `method path` on the running sandbox at `baseUrl` with secret `key` and a JSON `body`, and
 * returns the parsed JSON answer (undefined when empty).
 * @throws Error when no sandbox answers there, or the answer is not 2xx (with its body).
 */
export async function callRunningSandbox(
  target: { baseUrl: string; key: string },
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(new URL(path, target.baseUrl), {
      method,
      headers: {
        authorization: `Bearer ${target.key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new Error(
      `No sandbox answers at ${target.baseUrl}: start it with npm run sandbox -- serve`,
    );
  }
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} failed (${response.status}): ${text}`);
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

/** Prints a JSON answer for a person to read. */
export function printJson(value: unknown): void {
  console.log(JSON.stringify(value, null, 2));
}
