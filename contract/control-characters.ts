/**
 * No request string carries a control character (issue 11; docs/decisions/0025-scopes-and-
 * sandbox-controls.md, "Control characters"). Every request body of the route table is wrapped by
 * {@link refusingControlCharacters} in `route()` (contract/route.ts), so the sandbox and the SPA's
 * API client refuse the same bodies and no handler can forget the check.
 *
 * Why: SQLite keeps a NUL inside TEXT, but its text functions and the libsql driver read a value
 * only up to the first NUL, so `"https://evil.com\u0000@good-merchant.com/"` came back as
 * `"https://evil.com"` and `"Ada\u0000Lovelace"` as `"Ada"`. The other C0 controls and DEL are
 * stripped or reinterpreted by URL parsers, terminals and logs. No field of the interface
 * document calls for them, so none is excepted.
 *
 * `zod/mini`, as every request schema of a hosted page's first load is wrapped here
 * (docs/decisions/0018-first-load-bytes.md); it wraps classic schemas just as well.
 */
import { z } from 'zod/mini';
import { exceedsJsonDepth, jsonDepthMessage } from './json-depth';

// C0 (U+0000 to U+001F, NUL, TAB, LF and CR included) and DEL.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controlCharacter = /[\u0000-\u001f\u007f]/;

/** True when `text` holds a C0 control character or DEL. */
export function hasControlCharacter(text: string): boolean {
  return controlCharacter.test(text);
}

/** A step of a path: the key or index, and the step before it (null at the top). */
interface PathStep {
  key: string | number;
  parent: PathStep | null;
}

function pathTo(step: PathStep | null): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at = step; at !== null; at = at.parent) path.unshift(at.key);
  return path;
}

/**
 * The path (object keys and array indexes) of the first string in `value`, key or value, that
 * holds a control character, or null when there is none. `value` is parsed JSON. Iterative (an
 * explicit stack, paths linked to their parent), so no depth overflows it (issue 26); the order is
 * the document's, a key before its value.
 */
export function controlCharacterPath(value: unknown): (string | number)[] | null {
  // Frames: a value to look into, or an object's key still to check before its value.
  type Frame =
    | { value: unknown; at: PathStep | null }
    | { key: string; value: unknown; parent: PathStep | null };
  const stack: Frame[] = [{ value, at: null }];
  for (let frame = stack.pop(); frame !== undefined; frame = stack.pop()) {
    if ('key' in frame) {
      const at = { key: frame.key, parent: frame.parent };
      if (hasControlCharacter(frame.key)) return pathTo(at);
      stack.push({ value: frame.value, at });
      continue;
    }
    const item = frame.value;
    if (typeof item === 'string') {
      if (hasControlCharacter(item)) return pathTo(frame.at);
    } else if (Array.isArray(item)) {
      for (let index = item.length - 1; index >= 0; index -= 1) {
        stack.push({ value: item[index] as unknown, at: { key: index, parent: frame.at } });
      }
    } else if (typeof item === 'object' && item !== null) {
      const entries = Object.entries(item);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, child] = entries[index] as [string, unknown];
        stack.push({ key, value: child, parent: frame.at });
      }
    }
  }
  return null;
}

/** The message of the refusal, also used by the sandbox for headers and path parameters. */
export const controlCharacterMessage =
  'must not contain control characters (such as NUL or a line break)';

/**
 * `schema`, preceded by a check of the whole input: nesting deeper than `maxJsonDepth` is
 * one issue on the whole body (contract/json-depth.ts; checked first, so nothing recursive ever
 * walks such a body), else a control character in any string (a key or a value, at any depth) is
 * one issue at that string's path; either way `schema` is not run.
 */
export function refusingControlCharacters<S extends z.core.$ZodType>(schema: S) {
  // A pipe stops at the first stage's issues, so `schema` never sees such a body (what classic
  // zod's `preprocess` does; mini has no `preprocess`).
  return z.pipe(
    z.transform((value: unknown, payload) => {
      if (exceedsJsonDepth(value)) {
        payload.issues.push({ code: 'custom', message: jsonDepthMessage, path: [], input: value });
        return value;
      }
      const path = controlCharacterPath(value);
      if (path !== null) {
        payload.issues.push({
          code: 'custom',
          message: controlCharacterMessage,
          path,
          input: value,
        });
      }
      return value;
    }),
    schema,
  );
}
