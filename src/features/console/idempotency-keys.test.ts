import { expect, test } from 'vitest';
import { createIdempotencyKeys } from './idempotency-keys';

function counter() {
  let n = 0;
  return () => `key-${++n}`;
}

test('a retry of the same body sends the same idempotency key, so the service creates once', () => {
  const keys = createIdempotencyKeys(counter());
  expect(keys.keyFor({ amount: 5000 })).toBe('key-1');
  expect(keys.keyFor({ amount: 5000 })).toBe('key-1');
});

test('a changed body gets a new key, so the service does not refuse it as a conflict', () => {
  const keys = createIdempotencyKeys(counter());
  keys.keyFor({ amount: 5000 });
  expect(keys.keyFor({ amount: 6000 })).toBe('key-2');
});

test('after a success the same body again is a new create with a new key', () => {
  const keys = createIdempotencyKeys(counter());
  keys.keyFor({ amount: 5000 });
  keys.forget();
  expect(keys.keyFor({ amount: 5000 })).toBe('key-2');
});

test('keys are random UUIDs by default', () => {
  expect(createIdempotencyKeys().keyFor({})).toMatch(/^[0-9a-f-]{36}$/);
});
