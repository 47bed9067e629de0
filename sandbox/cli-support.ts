/**
 * What every `npm run sandbox -- …` command shares (sandbox/cli.ts and the webhook and payout
 * commands of sandbox/features/webhooks/webhooks-cli.ts): reading options, the `--mode` and
 * `--language` options, and calling the running sandbox's HTTP API with a secret key.
 */
import { parseArgs as parseNodeArgs } from 'node:util';
import { z } from 'zod';
import { languageSchema, type Language, type Mode } from '../contract/common';

/** Positional arguments and `--name` options of a command line. */
export interface ParsedArgs {
  positional: string[];
  options: Map<string, string>;
}

/**
 * Reads `args` with Node's `util.parseArgs` tokens: `--name value` (or `--name=value`) for each of
 * `valued`, `--name` alone for each of `flags` (value `'true'`), and, when `positional` is true,
 * any other word as a positional argument. Not strict, so that each command keeps its wording.
 * @throws Error for an unknown option, a valued option without its value (also when the next word
 *   is another option), a flag given a value, or an unexpected word.
 */
export function parseArgs(
  args: readonly string[],
  spec: { valued?: readonly string[]; flags?: readonly string[]; positional?: boolean },
): ParsedArgs {
  const valued = new Set(spec.valued);
  const flags = new Set(spec.flags);
  const types: Record<string, { type: 'string' | 'boolean' }> = {};
  for (const name of valued) types[name] = { type: 'string' };
  for (const name of flags) types[name] = { type: 'boolean' };
  const { tokens } = parseNodeArgs({
    args: [...args],
    options: types,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const positional: string[] = [];
  const options = new Map<string, string>();
  for (const token of tokens) {
    if (token.kind === 'positional') {
      if (spec.positional !== true) throw new Error(`Unknown option ${token.value}`);
      positional.push(token.value);
    } else if (token.kind === 'option-terminator') {
      throw new Error('Unknown option --');
    } else if (flags.has(token.name) && token.value === undefined) {
      options.set(token.name, 'true');
    } else if (valued.has(token.name)) {
      // Not strict, Node takes the next word as the value even when it is another option.
      if (token.value === undefined || (!token.inlineValue && token.value.startsWith('--'))) {
        throw new Error(`Option ${token.rawName} needs a value`);
      }
      options.set(token.name, token.value);
    } else {
      throw new Error(`Unknown option ${token.rawName}`);
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
 * The `--language` option: a merchant's preferred language for the hosted pages (one of
 * contract/hosted-common.ts `languageSchema`), or undefined when not given.
 * @throws Error naming the accepted values for anything else.
 */
export function languageOption(options: Map<string, string>): Language | undefined {
  const value = options.get('language');
  if (value === undefined) return undefined;
  const parsed = z.safeParse(languageSchema, value);
  if (!parsed.success) {
    throw new Error(`--language must be one of ${languageSchema.options.join(', ')}`);
  }
  return parsed.data;
}

/**
 * Calls `method path` on the running sandbox at `baseUrl` with secret `key` and a JSON `body`, and
 * returns the parsed JSON answer (undefined when empty). Creates send `idempotencyKey` as the
 * Idempotency-Key header (service-api.md, "Authentication" rule 2).
 * @throws Error when no sandbox answers there, or the answer is not 2xx (with its body).
 */
export async function callRunningSandbox(
  target: { baseUrl: string; key: string; idempotencyKey?: string },
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
        ...(target.idempotencyKey === undefined
          ? {}
          : { 'idempotency-key': target.idempotencyKey }),
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
