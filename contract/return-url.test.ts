import { expect, test } from 'vitest';
import {
  maxReturnUrlLength,
  parseReturnUrl,
  returnUrlOrNull,
  returnUrlWireSchema,
  type ReturnUrlRefusal,
} from './return-url';

// Each row: what it shows (and the WHATWG URL quirk that makes the rule necessary), the input,
// and the rule that must refuse it. Many inputs come from the URL Standard's own test data
// (web-platform-tests url/resources/urltestdata.json and IdnaTestV2).
test.each<[string, unknown, ReturnUrlRefusal['rule']]>([
  // Rule 1: a string of 1 to 2048 code units.
  ['empty', '', 1],
  ['not a string (undefined)', undefined, 1],
  ['not a string (null)', null, 1],
  ['not a string (an object with href)', { href: 'https://merchant.example.com/' }, 1],
  ['one unit too long', `https://merchant.example.com/?q=${'a'.repeat(maxReturnUrlLength)}`, 1],
  // Rule 2: the parser strips leading/trailing C0 and space and removes TAB/LF/CR anywhere, so
  // the text a person reviews is not the address a browser opens; NUL cut the stored text.
  ['NUL before a userinfo-looking tail', 'https://evil.com\u0000@good-merchant.com/orders/42', 2],
  ['NUL at the end', 'https://merchant.example.com/\u0000', 2],
  ['tab inside (removed by the parser)', 'https://merchant.example.com/\tpath', 2],
  ['newline inside (removed by the parser)', 'https://merchant.example.com/\npath', 2],
  ['CR inside the host', 'https://merch\rant.example.com/', 2],
  ['leading space (stripped by the parser)', ' https://merchant.example.com/', 2],
  ['DEL', 'https://merchant.example.com/\u007f', 2],
  ['C1 control', 'https://merchant.example.com/\u0085', 2],
  ['NBSP', 'https://merchant.example.com/a\u00a0b', 2],
  ['line separator U+2028', 'https://merchant.example.com/\u2028', 2],
  ['paragraph separator U+2029', 'https://merchant.example.com/\u2029', 2],
  ['ideographic space', 'https://merchant.example.com/\u3000', 2],
  ['zero-width space (IDNA deletes it from hosts)', 'https://merch\u200bant.example.com/', 2],
  ['zero-width joiner', 'https://merchant.example.com/\u200d', 2],
  ['soft hyphen (IDNA maps it to nothing)', 'https://mer\u00adchant.example.com/', 2],
  ['right-to-left override in the path', 'https://merchant.example.com/\u202egnp.exe', 2],
  ['bidi isolate', 'https://merchant.example.com/\u2066x\u2069', 2],
  ['byte-order mark', '\ufeffhttps://merchant.example.com/', 2],
  ['backslash trick (read as a slash)', 'https://merchant.example.com\\@evil.example.com/', 2],
  ['backslash after the scheme', 'https:\\\\evil.example.com/', 2],
  // Rule 3: literally `https://`; the parser accepts `https:host` and `https:/host` for special
  // schemes, and resolves `//host` against the page.
  ['http (not https)', 'http://merchant.example.com/return', 3],
  ['javascript: scheme', 'javascript:alert(1)', 3],
  ['data: scheme', 'data:text/html,<script>alert(1)</script>', 3],
  ['relative path', '/return', 3],
  ['protocol-relative', '//evil.example.com/return', 3],
  ['https: without slashes (the parser adds them)', 'https:evil.example.com/', 3],
  ['https: with one slash (the parser adds one)', 'https:/evil.example.com/', 3],
  ['https with three slashes (empty authority)', 'https:///evil.example.com/', 3],
  ['empty authority before a query', 'https://?x', 3],
  ['credentials', 'https://user:pass@merchant.example.com/', 3],
  ['user only', 'https://user@merchant.example.com/', 3],
  ['empty userinfo', 'https://@merchant.example.com/', 3],
  ['percent-encoded host (decoded by the parser)', 'https://%65vil.example.com/', 3],
  ['percent-encoded dot in the host', 'https://evil%2Eexample.com/', 3],
  ['IPv6 zone id', 'https://[fe80::1%25eth0]/', 3],
  // Rule 4: what the WHATWG parser itself refuses, and port 0.
  ['an invalid port', 'https://merchant.example.com:99999/', 4],
  ['a forbidden host code point', 'https://mer<chant.example.com/', 4],
  ['a host ending in a number that is no IPv4 address', 'https://example.123/', 4],
  ['port 0', 'https://merchant.example.com:0/', 4],
  // Rule 5: the host.
  ['localhost', 'https://localhost/return', 5],
  ['localhost subdomain', 'https://app.localhost/return', 5],
  ['single-label host', 'https://intranet/return', 5],
  ['.local host', 'https://printer.local/', 5],
  ['.internal host', 'https://billing.internal/', 5],
  ['.test', 'https://shop.test/', 5],
  ['.example', 'https://merchant.example/', 5],
  ['.invalid', 'https://shop.invalid/', 5],
  ['home.arpa', 'https://router.home.arpa/', 5],
  ['trailing dot (kept by the parser)', 'https://merchant.example.com./', 5],
  ['empty label (kept by the parser)', 'https://example..com/', 5],
  ['leading hyphen (allowed by the parser)', 'https://-example.com/', 5],
  ['trailing hyphen', 'https://example-.com/', 5],
  ['underscore (allowed by the parser)', 'https://my_shop.example.com/', 5],
  ['a 64-character label', `https://${'a'.repeat(64)}.com/`, 5],
  ['a host over 253 characters', `https://${`${'a'.repeat(63)}.`.repeat(4)}com/`, 5],
  ['loopback IPv4', 'https://127.0.0.1/return', 5],
  ['this network 0/8', 'https://0.1.2.3/', 5],
  ['private 10/8', 'https://10.1.2.3/return', 5],
  ['shared 100.64/10', 'https://100.64.0.1/', 5],
  ['link-local metadata address', 'https://169.254.169.254/latest/meta-data', 5],
  ['private 172.16/12', 'https://172.20.0.1/', 5],
  ['IETF 192.0.0/24', 'https://192.0.0.8/', 5],
  ['TEST-NET-1 192.0.2/24', 'https://192.0.2.10/', 5],
  ['6to4 relay 192.88.99/24', 'https://192.88.99.1/', 5],
  ['private 192.168/16', 'https://192.168.0.10/', 5],
  ['benchmarking 198.18/15', 'https://198.19.255.1/', 5],
  ['TEST-NET-2 198.51.100/24', 'https://198.51.100.7/', 5],
  ['TEST-NET-3 203.0.113/24', 'https://203.0.113.9/', 5],
  ['multicast 224/4', 'https://239.1.1.1/', 5],
  ['reserved 240/4 and broadcast', 'https://255.255.255.255/', 5],
  ['hex IPv4 (the parser turns 0x08.8.8.8 into 8.8.8.8)', 'https://0x08.8.8.8/', 5],
  ['octal IPv4 (010.8.8.8 becomes 8.8.8.8)', 'https://010.8.8.8/', 5],
  ['dword IPv4 (134744072 becomes 8.8.8.8)', 'https://134744072/', 5],
  ['short IPv4 (8.8.2056 becomes 8.8.8.8)', 'https://8.8.2056/', 5],
  ['IPv4 with a trailing dot', 'https://8.8.8.8./', 5],
  ['full-width digits (IDNA maps them to 127.0.0.1)', 'https://\uff11\uff12\uff17.0.0.1/', 5],
  ['IPv6 loopback', 'https://[::1]/', 5],
  ['IPv6 unspecified', 'https://[::]/', 5],
  ['IPv4-mapped IPv6 (serialized as hex)', 'https://[::ffff:8.8.8.8]/', 5],
  ['IPv6 link-local', 'https://[fe80::1]/', 5],
  ['IPv6 unique local', 'https://[fd00::1]/', 5],
  ['IPv6 multicast', 'https://[ff02::1]/', 5],
  ['IPv6 2001::/23 (Teredo and IETF)', 'https://[2001:0:4136:e378::1]/', 5],
  ['IPv6 documentation 2001:db8::/32', 'https://[2001:db8::1]/', 5],
  ['IPv6 6to4 2002::/16', 'https://[2002:c000:204::1]/', 5],
  ['IPv6 documentation 3fff::/20', 'https://[3fff:0fff::1]/', 5],
  // Rule 6: the normalized href must fit too (punycode makes a host longer than its input).
  ['a normalized href over the limit', `https://\u00e9x.com/${'a'.repeat(2030)}`, 6],
])('refuses %s (rule %i)', (_name, raw, rule) => {
  const result = parseReturnUrl(raw);
  expect(result).toMatchObject({ ok: false, rule });
  expect(result.ok ? '' : result.reason).not.toBe('');
});

test.each<[string, string, string]>([
  [
    'an https URL on a public host, normalized',
    'https://Merchant.example.com/billing/return?ref=42',
    'https://merchant.example.com/billing/return?ref=42',
  ],
  ['a bare host gets a slash', 'https://shop.example.com.ng', 'https://shop.example.com.ng/'],
  ['scheme in capitals', 'HTTPS://shop.example.com/', 'https://shop.example.com/'],
  ['the default port is dropped', 'https://shop.example.com:443/a', 'https://shop.example.com/a'],
  ['another port is kept', 'https://shop.example.com:8443/a', 'https://shop.example.com:8443/a'],
  [
    'an IDN host becomes punycode',
    'https://bücher.example.com/',
    'https://xn--bcher-kva.example.com/',
  ],
  ['a public IPv4 address', 'https://8.8.8.8/return', 'https://8.8.8.8/return'],
  ['a public IPv6 address', 'https://[2606:4700:4700::1111]/r', 'https://[2606:4700:4700::1111]/r'],
  ['IPv6 is compressed', 'https://[2a00:1450:0:0:0:0:0:1]/', 'https://[2a00:1450::1]/'],
  [
    'a look-alike subdomain (no allowlist)',
    'https://good.com.evil.com/',
    'https://good.com.evil.com/',
  ],
  ['dot segments are resolved', 'https://shop.example.com/a/../b', 'https://shop.example.com/b'],
  ['a 63-character label', `https://${'a'.repeat(63)}.com/`, `https://${'a'.repeat(63)}.com/`],
  ['a digit-only inner label', 'https://123.example.com/', 'https://123.example.com/'],
])('accepts %s', (_name, raw, href) => {
  expect(parseReturnUrl(raw)).toEqual({ ok: true, url: href });
});

test(`accepts exactly ${maxReturnUrlLength} characters and not one more`, () => {
  const base = 'https://merchant.example.com/?q=';
  const longest = base + 'a'.repeat(maxReturnUrlLength - base.length);
  expect(returnUrlOrNull(longest)).toBe(longest);
  expect(parseReturnUrl(`${longest}a`)).toMatchObject({ ok: false, rule: 1 });
});

test('percent-encoded tricks stay inside the path of the merchant host', () => {
  const result = returnUrlOrNull('https://merchant.example.com/%2F%2Fevil.example');
  expect(result).not.toBeNull();
  expect(new URL(result ?? '').hostname).toBe('merchant.example.com');
});

test('the first failing rule is the one reported', () => {
  // http and a NUL: rule 2 comes before rule 3.
  expect(parseReturnUrl('http://a.com/\u0000')).toMatchObject({ rule: 2 });
  // credentials and a private host: rule 3 comes before rule 5.
  expect(parseReturnUrl('https://u@10.0.0.1/')).toMatchObject({ rule: 3 });
});

test('the wire schema yields the ReturnUrl or null, never the raw string', () => {
  expect(returnUrlWireSchema.parse('https://Shop.example.com/x')).toBe(
    'https://shop.example.com/x',
  );
  expect(returnUrlWireSchema.parse('https://evil.com\u0000@good-merchant.com/')).toBeNull();
  expect(returnUrlWireSchema.parse('https://merchant.example/')).toBeNull();
  expect(returnUrlWireSchema.parse(null)).toBeNull();
});
