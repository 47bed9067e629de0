import { expect, test } from 'vitest';
import {
  afterAttempt,
  answerArrived,
  attemptFor,
  canonicalInput,
  newActionKey,
  type ActionAttempt,
} from './action-key';
import { ApiError, NetworkError, OfflineError, TimeoutError } from './api-client';

const refusal = new ApiError({
  status: 409,
  code: 'SETUP_CLOSED',
  message: 'closed',
  requestId: 'req_1',
  retryAfterSeconds: null,
});
const account = { bankId: '000013', bankAccountNumber: '0000000025', consent: true };

/** Keys k1, k2, … in order, so a test can tell a reused key from a fresh one. */
function keys(): () => string {
  let next = 0;
  return () => `k${(next += 1)}`;
}

test('the first attempt gets a fresh key', () => {
  expect(attemptFor(null, account, keys()).key).toBe('k1');
});

test.each<{ after: string; error: unknown; reused: boolean }>([
  { after: 'no answer (the connection dropped)', error: new NetworkError(), reused: true },
  { after: 'the write bound passed', error: new TimeoutError(15_000), reused: true },
  { after: 'not sent: offline', error: new OfflineError(), reused: true },
  { after: 'the page aborted it', error: new DOMException('aborted', 'AbortError'), reused: true },
  { after: 'a success', error: null, reused: false },
  { after: 'a success (undefined)', error: undefined, reused: false },
  { after: 'a refusal from the service', error: refusal, reused: false },
])('after $after, a retry with the same input reuses the key: $reused', ({ error, reused }) => {
  const newKey = keys();
  const first = attemptFor(null, account, newKey);
  const retry = attemptFor(afterAttempt(first, error), { ...account }, newKey);
  expect(retry.key).toBe(reused ? 'k1' : 'k2');
});

test('a retry with changed input gets a fresh key, even after a lost answer', () => {
  const newKey = keys();
  const first = attemptFor(null, account, newKey);
  const lost = afterAttempt(first, new TimeoutError(15_000));
  const otherAccount = { ...account, bankAccountNumber: '0000000018' };
  const changed = attemptFor(lost, otherAccount, newKey);
  expect(changed.key).toBe('k2');
  // The changed attempt is now the one a retry reuses.
  expect(attemptFor(afterAttempt(changed, new NetworkError()), otherAccount, newKey).key).toBe(
    'k2',
  );
});

test('the key survives several lost answers in a row, offline ones included', () => {
  const newKey = keys();
  let attempt: ActionAttempt = attemptFor(null, account, newKey);
  for (const error of [new TimeoutError(15_000), new OfflineError(), new NetworkError()]) {
    const unanswered = afterAttempt(attempt, error);
    attempt = attemptFor(unanswered, account, newKey);
  }
  expect(attempt.key).toBe('k1');
});

test('the same input in another key order is the same input', () => {
  expect(canonicalInput({ b: 1, a: { d: 2, c: [3, { f: 4, e: 5 }] } })).toBe(
    canonicalInput({ a: { c: [3, { e: 5, f: 4 }], d: 2 }, b: 1 }),
  );
  expect(canonicalInput({ a: 1 })).not.toBe(canonicalInput({ a: '1' }));
  expect(canonicalInput(undefined)).not.toBe(canonicalInput(null));
});

test('only an answer from the service ends an attempt', () => {
  expect(answerArrived(null)).toBe(true);
  expect(answerArrived(refusal)).toBe(true);
  expect(answerArrived(new TimeoutError(15_000))).toBe(false);
  expect(answerArrived(new Error('a bug'))).toBe(false);
});

test('fresh keys are valid Idempotency-Keys and never repeat', () => {
  const made = new Set(Array.from({ length: 100 }, () => newActionKey()));
  expect(made.size).toBe(100);
  for (const key of made) expect(key).toMatch(/^act_[0-9a-f]{32}$/);
});
