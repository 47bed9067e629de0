import { expect, test } from 'vitest';
import { checkoutAddressFrom } from './checkout-address';

const origin = 'https://pay.example';
const token = 'payT0ken_abcdefghijklmnopqrstuvwxyz012345678';

test.each([
  ['an absolute same-origin address', `${origin}/checkout/osp_1#token=${token}`],
  ['a relative address', `/checkout/osp_1#token=${token}`],
])('accepts %s', (_name, raw) => {
  expect(checkoutAddressFrom(raw, origin)).toBe(`${origin}/checkout/osp_1#token=${token}`);
});

test.each([
  ['another origin', `https://evil.example/checkout/osp_1#token=${token}`],
  ['the same host over http', `http://pay.example/checkout/osp_1#token=${token}`],
  ['another port', `https://pay.example:8443/checkout/osp_1#token=${token}`],
  ['a protocol-relative address', `//evil.example/checkout/osp_1#token=${token}`],
  ['a backslash trick', `/\\evil.example/checkout/osp_1#token=${token}`],
  ['credentials', `https://user:pw@pay.example/checkout/osp_1#token=${token}`],
  ['another path', `/invoices/inv_1#token=${token}`],
  ['a nested path', `/checkout/osp_1/customer#token=${token}`],
  ['a path that climbs out', `/checkout/../admin#token=${token}`],
  ['a query string', `/checkout/osp_1?token=${token}`],
  ['no token', '/checkout/osp_1'],
  ['a malformed token', '/checkout/osp_1#token=short'],
  ['a javascript: URL', 'javascript:alert(1)'],
  ['a control character', `/checkout/osp_1\n#token=${token}`],
  ['a space', `/checkout/osp 1#token=${token}`],
  ['an empty string', ''],
  ['an over-long address', `/checkout/${'a'.repeat(3000)}#token=${token}`],
])('refuses %s', (_name, raw) => {
  expect(checkoutAddressFrom(raw, origin)).toBeNull();
});
