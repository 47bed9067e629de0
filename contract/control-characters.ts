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

/** A value to look at: the value, its key or index (null at the top) and the frame it sits in. */
type Frame = [value: unknown, key: string | number | null, parent: Frame | null];

/**
 * The path (object keys and array indexes) of the first string in `value`, key or value, that
 * holds a control character, or null when there is none. `value` is parsed JSON. Iterative (an
 * explicit stack, each frame linked to its parent), so no depth overflows it (issue 26); the order
 * is the document's, a key before its value.
 */
export function controlCharacterPath(value: unknown): (string | number)[] | null {
  const stack: Frame[] = [[value, null, null]];
  for (let frame = stack.pop(); frame !== undefined; frame = stack.pop()) {
    const [item, key] = frame;
    if (
      (typeof key === 'string' && hasControlCharacter(key)) ||
      (typeof item === 'string' && hasControlCharacter(item))
    ) {
      const path: (string | number)[] = [];
      for (let at: Frame | null = frame; at?.[1] != null; at = at[2]) path.unshift(at[1]);
      return path;
    }
    if (typeof item === 'object' && item !== null) {
      const entries = Object.entries(item);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [name, child] = entries[index] as [string, unknown];
        stack.push([child, Array.isArray(item) ? index : name, frame]);
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
