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

// C0 (U+0000 to U+001F, NUL, TAB, LF and CR included) and DEL.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controlCharacter = /[\u0000-\u001f\u007f]/;

/** True when `text` holds a C0 control character or DEL. */
export function hasControlCharacter(text: string): boolean {
  return controlCharacter.test(text);
}

/**
 * The path (object keys and array indexes) of the first string in `value`, key or value, that
 * holds a control character, or null when there is none. `value` is parsed JSON.
 */
export function controlCharacterPath(value: unknown): (string | number)[] | null {
  if (typeof value === 'string') return hasControlCharacter(value) ? [] : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const inner = controlCharacterPath(item);
      if (inner !== null) return [index, ...inner];
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (hasControlCharacter(key)) return [key];
      const inner = controlCharacterPath(item);
      if (inner !== null) return [key, ...inner];
    }
  }
  return null;
}

/** The message of the refusal, also used by the sandbox for headers and path parameters. */
export const controlCharacterMessage =
  'must not contain control characters (such as NUL or a line break)';

/**
 * `schema`, preceded by a check of the whole input: a control character in any string (a key or
 * a value, at any depth) is one issue at that string's path, and `schema` is not run.
 */
export function refusingControlCharacters<S extends z.core.$ZodType>(schema: S) {
  // A pipe stops at the first stage's issues, so `schema` never sees such a body (what classic
  // zod's `preprocess` does; mini has no `preprocess`).
  return z.pipe(
    z.transform((value: unknown, payload) => {
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
