/**
 * How deep a request body may nest (issue 26, point 3; ours: the interface document sets no
 * bound). A 6.5 KB body of 3,281 nested arrays overflowed the stack of every recursive walk over
 * it (the control-character check, the request log's redaction, `JSON.stringify`), so every body
 * route answered 500. Depth is checked first, without recursion, and a deeper body is
 * `400 VALIDATION_FAILED` before anything walks it.
 *
 * Depth counts arrays and objects: a string or number is depth 0, `{}` and `[]` are 1,
 * `{"customer": {"email": "…"}}` is 2. No request of the route table needs more than 3 (a
 * metadata value that holds an object); {@link maxJsonDepth} leaves a wide margin.
 */

/** Deepest nesting of arrays and objects a request body may have. */
export const maxJsonDepth = 32;

/** The refusal, after the field name ("request body: …"). */
export const jsonDepthMessage = `must not nest arrays and objects more than ${maxJsonDepth} levels deep`;

/**
 * True when parsed JSON `value` nests arrays and objects deeper than `limit` (default
 * {@link maxJsonDepth}). Iterative and stops at the first value past the limit, so any input,
 * however deep, is answered in time proportional to its size and without recursion.
 */
export function exceedsJsonDepth(value: unknown, limit = maxJsonDepth): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [item, depth] = top;
    if (typeof item !== 'object' || item === null) continue;
    if (depth + 1 > limit) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) {
      stack.push([child, depth + 1]);
    }
  }
  return false;
}
