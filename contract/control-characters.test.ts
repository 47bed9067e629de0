import { expect, test } from 'vitest';
import { controlCharacterMessage, controlCharacterPath } from './control-characters';
import { jsonDepthMessage } from './json-depth';
import { routes } from './routes';

test.each<[string, unknown, (string | number)[] | null]>([
  ['plain text', { name: 'Ada Lovelace', tags: ['a', 'b'], n: 1, ok: true, none: null }, null],
  ['NUL in a value', { customer: { firstName: 'Ada\u0000Lovelace' } }, ['customer', 'firstName']],
  ['TAB in an array item', { list: ['ok', 'a\tb'] }, ['list', 1]],
  ['US (U+001F)', { a: '\u001f' }, ['a']],
  ['DEL', { a: 'x\u007f' }, ['a']],
  ['a control character in a key', { 'k\u0000': 'v' }, ['k\u0000']],
  ['a bare string', 'a\rb', []],
  ['non-breaking space is not a control character', { a: 'x\u00a0y' }, null],
])('%s', (_name, value, path) => {
  expect(controlCharacterPath(value)).toEqual(path);
});

test('every route that takes a body refuses a control character in any string, before its own rules', () => {
  const withBody = Object.entries(routes).filter(([, def]) => 'request' in def);
  expect(withBody.length).toBeGreaterThan(20);
  for (const [name, def] of withBody) {
    if (!('request' in def)) continue;
    const result = def.request.safeParse({ probe: 'a\u0000b' });
    expect(result.success, name).toBe(false);
    expect(result.error?.issues, name).toEqual([
      expect.objectContaining({ path: ['probe'], message: controlCharacterMessage }),
    ]);
  }
});

test('every route that takes a body refuses nesting deeper than the bound, before any other walk', () => {
  const tooDeep = JSON.parse('['.repeat(3281) + ']'.repeat(3281)) as unknown;
  for (const [name, def] of Object.entries(routes)) {
    if (!('request' in def)) continue;
    const result = def.request.safeParse({ probe: tooDeep });
    expect(result.success, name).toBe(false);
    expect(result.error?.issues, name).toEqual([
      expect.objectContaining({ path: [], message: jsonDepthMessage }),
    ]);
  }
});
