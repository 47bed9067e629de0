import { expect, test } from 'vitest';
import {
  hmacSha256Hex,
  signWebhookPayload,
  verifyWebhookSignature,
  type WebhookHeaders,
} from './verify-webhook-signature';

function hex(text: string): Uint8Array {
  return Buffer.from(text, 'hex');
}

// RFC 4231, "Identifiers and Test Vectors for HMAC-SHA-224, HMAC-SHA-256, HMAC-SHA-384, and
// HMAC-SHA-512", section 4: keys, data and the published HMAC-SHA-256 values. Test case 5
// publishes only a 128-bit truncation, so it is checked as a prefix below.
const rfc4231 = [
  {
    name: 'test case 1 (20-byte key)',
    key: hex('0b'.repeat(20)),
    data: 'Hi There',
    mac: 'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
  },
  {
    name: 'test case 2 (key shorter than the output)',
    key: 'Jefe',
    data: 'what do ya want for nothing?',
    mac: '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
  },
  {
    name: 'test case 3 (50 bytes of 0xdd)',
    key: hex('aa'.repeat(20)),
    data: hex('dd'.repeat(50)),
    mac: '773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe',
  },
  {
    name: 'test case 4 (25-byte key 0x01..0x19)',
    key: hex('0102030405060708090a0b0c0d0e0f10111213141516171819'),
    data: hex('cd'.repeat(50)),
    mac: '82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b',
  },
  {
    name: 'test case 6 (131-byte key, larger than the block)',
    key: hex('aa'.repeat(131)),
    data: 'Test Using Larger Than Block-Size Key - Hash Key First',
    mac: '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
  },
  {
    name: 'test case 7 (131-byte key and data larger than the block)',
    key: hex('aa'.repeat(131)),
    data:
      'This is a test using a larger than block-size key and a larger than block-size data.' +
      ' The key needs to be hashed before being used by the HMAC algorithm.',
    mac: '9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2',
  },
];

test.each(rfc4231)('HMAC-SHA-256 matches RFC 4231 $name', ({ key, data, mac }) => {
  expect(hmacSha256Hex(key, data)).toBe(mac);
});

test('HMAC-SHA-256 matches RFC 4231 test case 5 (output truncated to 128 bits)', () => {
  const mac = hmacSha256Hex(hex('0c'.repeat(20)), 'Test With Truncation');
  expect(mac.slice(0, 32)).toBe('a3b6167473100ee06e0c796c2955552b');
});

test('string and byte inputs give the same HMAC (strings are UTF-8)', () => {
  expect(hmacSha256Hex('Jefe', 'what do ya want for nothing?')).toBe(
    hmacSha256Hex(Buffer.from('Jefe'), new TextEncoder().encode('what do ya want for nothing?')),
  );
});

// Our vectors. 2026-01-01T00:00:00Z is Unix time 1767225600.
const now = new Date('2026-01-01T00:00:00Z');
const timestamp = '1767225600';
const secret = 'whsec_sandbox_example';
const rawBody =
  '{"event":"subscription.payment.success","data":{"amount":5000,"currency":"NGN","note":"₦ paid"}}';
// Computed independently (Python hmac/hashlib) over the UTF-8 bytes of `${timestamp}.${rawBody}`.
const knownSignature = '4e462f1c1809d71255e566898810ac557c874464118b422d15654ac17c85c9ff';

function deliveryHeaders(overrides: Record<string, string | undefined> = {}): WebhookHeaders {
  return {
    'x-service-signature': knownSignature,
    'x-service-timestamp': timestamp,
    'x-service-event': 'subscription.payment.success',
    ...overrides,
  };
}

test('the signature covers timestamp + "." + raw body, keyed with the secret', () => {
  expect(signWebhookPayload({ rawBody, secret, timestamp })).toBe(knownSignature);
  expect(signWebhookPayload({ rawBody: Buffer.from(rawBody, 'utf8'), secret, timestamp })).toBe(
    knownSignature,
  );
  expect(hmacSha256Hex(secret, `${timestamp}.${rawBody}`)).toBe(knownSignature);
});

test('a valid delivery is accepted and its timestamp returned in Unix seconds', () => {
  expect(verifyWebhookSignature({ rawBody, headers: deliveryHeaders(), secret, now })).toEqual({
    ok: true,
    timestamp: 1767225600,
  });
});

test('the raw body may be a Buffer or a Uint8Array', () => {
  const bytes = new TextEncoder().encode(rawBody);
  for (const body of [Buffer.from(rawBody, 'utf8'), bytes]) {
    expect(
      verifyWebhookSignature({ rawBody: body, headers: deliveryHeaders(), secret, now }).ok,
    ).toBe(true);
  }
});

test('header names are read in any case, as Node lowercases them or a proxy keeps them', () => {
  for (const [sig, ts] of [
    ['X-Service-Signature', 'X-Service-Timestamp'],
    ['x-service-signature', 'x-service-timestamp'],
    ['X-SERVICE-SIGNATURE', 'x-SeRvIcE-tImEsTaMp'],
  ] as const) {
    const headers = { [sig]: knownSignature, [ts]: timestamp };
    expect(verifyWebhookSignature({ rawBody, headers, secret, now }).ok).toBe(true);
  }
});

test('an uppercase hex signature is the same signature', () => {
  const headers = deliveryHeaders({ 'x-service-signature': knownSignature.toUpperCase() });
  expect(verifyWebhookSignature({ rawBody, headers, secret, now }).ok).toBe(true);
});

test('a WHATWG Headers object is accepted', () => {
  const headers = new Headers({
    'X-Service-Signature': knownSignature,
    'X-Service-Timestamp': timestamp,
    'X-Service-Event': 'subscription.payment.success',
  });
  expect(verifyWebhookSignature({ rawBody, headers, secret, now })).toEqual({
    ok: true,
    timestamp: 1767225600,
  });
});

test('a header given as an array of one value is accepted; two different values are not', () => {
  const one = { 'x-service-signature': [knownSignature], 'x-service-timestamp': [timestamp] };
  expect(verifyWebhookSignature({ rawBody, headers: one, secret, now }).ok).toBe(true);
  const two = {
    'x-service-signature': [knownSignature, '00'.repeat(32)],
    'x-service-timestamp': timestamp,
  };
  expect(verifyWebhookSignature({ rawBody, headers: two, secret, now })).toEqual({
    ok: false,
    reason: 'duplicate_header',
  });
  const twoCases = {
    'x-service-signature': knownSignature,
    'X-Service-Timestamp': timestamp,
    'x-service-timestamp': String(Number(timestamp) + 1),
  };
  expect(verifyWebhookSignature({ rawBody, headers: twoCases, secret, now })).toEqual({
    ok: false,
    reason: 'duplicate_header',
  });
});

test('a tampered body is a signature mismatch', () => {
  for (const body of [
    rawBody.replace('5000', '50000'),
    `${rawBody}\n`,
    rawBody.replace('"amount":5000', '"amount": 5000'),
  ]) {
    expect(
      verifyWebhookSignature({ rawBody: body, headers: deliveryHeaders(), secret, now }),
    ).toEqual({ ok: false, reason: 'signature_mismatch' });
  }
});

test('a different secret is a signature mismatch', () => {
  expect(
    verifyWebhookSignature({ rawBody, headers: deliveryHeaders(), secret: `${secret}x`, now }),
  ).toEqual({ ok: false, reason: 'signature_mismatch' });
});

test('the timestamp is signed: a replay with a fresh timestamp header does not verify', () => {
  const later = new Date('2026-01-01T01:00:00Z');
  const headers = deliveryHeaders({ 'x-service-timestamp': '1767229200' });
  expect(verifyWebhookSignature({ rawBody, headers, secret, now: later })).toEqual({
    ok: false,
    reason: 'signature_mismatch',
  });
});

function signedAt(seconds: number): WebhookHeaders {
  const ts = String(seconds);
  return deliveryHeaders({
    'x-service-timestamp': ts,
    'x-service-signature': signWebhookPayload({ rawBody, secret, timestamp: ts }),
  });
}

test('a timestamp exactly at the tolerance is accepted, one second beyond is too old', () => {
  const nowSeconds = 1767225600;
  expect(
    verifyWebhookSignature({ rawBody, headers: signedAt(nowSeconds - 300), secret, now }),
  ).toEqual({ ok: true, timestamp: nowSeconds - 300 });
  expect(
    verifyWebhookSignature({ rawBody, headers: signedAt(nowSeconds - 301), secret, now }),
  ).toEqual({ ok: false, reason: 'timestamp_too_old' });
  expect(verifyWebhookSignature({ rawBody, headers: signedAt(0), secret, now })).toEqual({
    ok: false,
    reason: 'timestamp_too_old',
  });
});

test('a future timestamp is accepted up to the tolerance, rejected beyond it', () => {
  const nowSeconds = 1767225600;
  expect(
    verifyWebhookSignature({ rawBody, headers: signedAt(nowSeconds + 300), secret, now }).ok,
  ).toBe(true);
  expect(
    verifyWebhookSignature({ rawBody, headers: signedAt(nowSeconds + 301), secret, now }),
  ).toEqual({ ok: false, reason: 'timestamp_in_future' });
});

test('a custom tolerance is honoured, in seconds', () => {
  const nowSeconds = 1767225600;
  const headers = signedAt(nowSeconds - 60);
  expect(verifyWebhookSignature({ rawBody, headers, secret, now, toleranceSeconds: 60 }).ok).toBe(
    true,
  );
  expect(verifyWebhookSignature({ rawBody, headers, secret, now, toleranceSeconds: 59 })).toEqual({
    ok: false,
    reason: 'timestamp_too_old',
  });
});

test('without `now` the current clock is used', () => {
  const ts = String(Math.floor(Date.now() / 1000));
  const headers = {
    'x-service-timestamp': ts,
    'x-service-signature': signWebhookPayload({ rawBody, secret, timestamp: ts }),
  };
  expect(verifyWebhookSignature({ rawBody, headers, secret }).ok).toBe(true);
});

test('a missing or empty signature header is reported as such', () => {
  for (const value of [undefined, '']) {
    const headers = deliveryHeaders({ 'x-service-signature': value });
    expect(verifyWebhookSignature({ rawBody, headers, secret, now })).toEqual({
      ok: false,
      reason: 'missing_signature',
    });
  }
  expect(verifyWebhookSignature({ rawBody, headers: new Headers(), secret, now })).toEqual({
    ok: false,
    reason: 'missing_signature',
  });
});

test('a missing timestamp header is reported as such', () => {
  const headers = deliveryHeaders({ 'x-service-timestamp': undefined });
  expect(verifyWebhookSignature({ rawBody, headers, secret, now })).toEqual({
    ok: false,
    reason: 'missing_timestamp',
  });
});

test('a timestamp that is not Unix seconds is malformed', () => {
  for (const value of [
    '2026-01-01T00:00:00Z',
    '1767225600000000',
    '1767225600.5',
    '-1767225600',
    '+1767225600',
    '1.7672256e9',
    'abc',
  ]) {
    const headers = deliveryHeaders({ 'x-service-timestamp': value });
    expect(verifyWebhookSignature({ rawBody, headers, secret, now })).toEqual({
      ok: false,
      reason: 'malformed_timestamp',
    });
  }
});

test('a signature that is not hex is malformed', () => {
  for (const value of [`sha256=${knownSignature}`, 'zz'.repeat(32), knownSignature.slice(1)]) {
    const headers = deliveryHeaders({ 'x-service-signature': value });
    expect(verifyWebhookSignature({ rawBody, headers, secret, now })).toEqual({
      ok: false,
      reason: 'malformed_signature',
    });
  }
});

test('a hex signature of a different length is a mismatch, not an exception', () => {
  for (const value of [
    knownSignature.slice(0, 62),
    `${knownSignature}00`,
    'ab',
    knownSignature.repeat(2),
  ]) {
    const headers = deliveryHeaders({ 'x-service-signature': value });
    expect(verifyWebhookSignature({ rawBody, headers, secret, now })).toEqual({
      ok: false,
      reason: 'signature_mismatch',
    });
  }
});

test('a parsed body is refused, never re-serialized', () => {
  const parsed: unknown = JSON.parse(rawBody);
  for (const body of [parsed, null, undefined, 5000, new ArrayBuffer(8)]) {
    expect(
      verifyWebhookSignature({ rawBody: body, headers: deliveryHeaders(), secret, now }),
    ).toEqual({ ok: false, reason: 'raw_body_required' });
  }
});

test('an empty secret (an unset environment variable) is refused, not used as a key', () => {
  const headers = {
    'x-service-signature': signWebhookPayload({ rawBody, secret: '', timestamp }),
    'x-service-timestamp': timestamp,
  };
  expect(() => verifyWebhookSignature({ rawBody, headers, secret: '', now })).toThrow(
    'secret must be the webhook secret',
  );
});

test('options that would accept any timestamp are a programming error', () => {
  const headers = deliveryHeaders();
  expect(() =>
    verifyWebhookSignature({ rawBody, headers, secret, now, toleranceSeconds: Number.NaN }),
  ).toThrow(RangeError);
  expect(() =>
    verifyWebhookSignature({ rawBody, headers, secret, now, toleranceSeconds: -1 }),
  ).toThrow(RangeError);
  expect(() =>
    verifyWebhookSignature({ rawBody, headers, secret, now: new Date('not a date') }),
  ).toThrow(RangeError);
});
