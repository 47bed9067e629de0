import { expect, test } from 'vitest';
import { maxReturnUrlLength, validateReturnUrl } from './return-url';

test('accepts an absolute https URL on a public host and returns it normalized', () => {
  expect(validateReturnUrl('https://Merchant.example/billing/return?ref=42')).toBe(
    'https://merchant.example/billing/return?ref=42',
  );
  expect(validateReturnUrl('https://shop.example.com.ng')).toBe('https://shop.example.com.ng/');
});

test.each([
  ['http (not https)', 'http://merchant.example/return'],
  ['javascript: scheme', 'javascript:alert(1)'],
  ['data: scheme', 'data:text/html,<script>alert(1)</script>'],
  ['relative path', '/return'],
  ['protocol-relative', '//evil.example/return'],
  ['credentials', 'https://user:pass@merchant.example/'],
  ['user only', 'https://user@merchant.example/'],
  ['backslash trick', 'https://merchant.example\\@evil.example/'],
  ['tab inside', 'https://merchant.example/\tpath'],
  ['newline inside', 'https://merchant.example/\npath'],
  ['leading space', ' https://merchant.example/'],
  ['NUL', 'https://merchant.example/\u0000'],
  ['localhost', 'https://localhost/return'],
  ['localhost subdomain', 'https://app.localhost/return'],
  ['loopback IPv4', 'https://127.0.0.1/return'],
  ['private 10/8', 'https://10.1.2.3/return'],
  ['private 192.168/16', 'https://192.168.0.10/'],
  ['private 172.16/12', 'https://172.20.0.1/'],
  ['link-local metadata address', 'https://169.254.169.254/latest/meta-data'],
  ['IPv6 loopback', 'https://[::1]/'],
  ['single-label host', 'https://intranet/return'],
  ['.local host', 'https://printer.local/'],
  ['.internal host', 'https://billing.internal/'],
  ['empty', ''],
])('rejects %s', (_name, raw) => {
  expect(validateReturnUrl(raw)).toBeNull();
});

test('rejects non-strings without throwing', () => {
  expect(validateReturnUrl(undefined)).toBeNull();
  expect(validateReturnUrl(null)).toBeNull();
  expect(validateReturnUrl({ href: 'https://merchant.example/' })).toBeNull();
});

test(`rejects URLs longer than ${maxReturnUrlLength} characters`, () => {
  const base = 'https://merchant.example/?q=';
  expect(validateReturnUrl(base + 'a'.repeat(maxReturnUrlLength - base.length))).not.toBeNull();
  expect(validateReturnUrl(base + 'a'.repeat(maxReturnUrlLength - base.length + 1))).toBeNull();
});

test('a public IPv4 address is accepted', () => {
  expect(validateReturnUrl('https://8.8.8.8/return')).toBe('https://8.8.8.8/return');
});

test('percent-encoded tricks stay inside the path of the merchant host', () => {
  const result = validateReturnUrl('https://merchant.example/%2F%2Fevil.example');
  expect(result).not.toBeNull();
  expect(new URL(result ?? '').hostname).toBe('merchant.example');
});
