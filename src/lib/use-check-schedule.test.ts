import type { QueryState } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { ApiError } from './api-client';
import { useCheckSchedule, type CheckPolicy } from './use-check-schedule';

/** What a page's query holds: here a payment's status and the kobo received so far. */
interface Payment {
  status: 'pending' | 'paid';
  received: number;
}

const select = (raw: Payment) => raw;
const awaits = (payment: Payment) => payment.status === 'pending';
const restartKey = (payment: Payment) => payment.received;

function state(data: Payment | undefined, dataUpdateCount: number, error: unknown = null) {
  return { state: { data, dataUpdateCount, error } as QueryState<Payment> };
}

function schedule(policy: Partial<CheckPolicy<Payment>> = {}) {
  return renderHook(() => useCheckSchedule(select, { awaits, restartKey, ...policy })).result
    .current;
}

afterEach(() => vi.restoreAllMocks());

test('a pending payment is checked again with back-off: 3 s, 5 s, 10 s, then every 20 s', () => {
  const next = schedule();
  const pending = { status: 'pending', received: 0 } as const;
  expect([1, 2, 3, 4, 5].map((count) => next(state(pending, count)))).toEqual([
    3_000, 5_000, 10_000, 20_000, 20_000,
  ]);
});

test('money arriving starts the back-off again at 3 s', () => {
  const next = schedule();
  next(state({ status: 'pending', received: 0 }, 1));
  next(state({ status: 'pending', received: 0 }, 2));
  expect(next(state({ status: 'pending', received: 0 }, 3))).toBe(10_000);
  expect(next(state({ status: 'pending', received: 500_000 }, 4))).toBe(3_000);
  expect(next(state({ status: 'pending', received: 500_000 }, 5))).toBe(5_000);
});

test('nothing is checked on a timer once paid, before any answer, or once the link is refused', () => {
  const next = schedule();
  expect(next(state({ status: 'paid', received: 1 }, 1))).toBe(false);
  expect(next(state(undefined, 0))).toBe(false);
  const refused = new ApiError({
    status: 410,
    code: 'CHECKOUT_LINK_EXPIRED',
    message: 'expired',
    requestId: 'req_1',
    retryAfterSeconds: null,
  });
  expect(next(state({ status: 'pending', received: 0 }, 1, refused))).toBe(false);
});

test('a check that got no answer, or a rate limit, does not stop the checks', () => {
  const next = schedule();
  const limited = new ApiError({
    status: 429,
    code: 'RATE_LIMITED',
    message: 'slow down',
    requestId: 'req_2',
    retryAfterSeconds: 5,
  });
  expect(next(state({ status: 'pending', received: 0 }, 1, limited))).toBe(3_000);
  expect(next(state({ status: 'pending', received: 0 }, 2, new TypeError('offline')))).toBe(5_000);
});

test('after "I’ve sent the money" checks run every 3 s for two minutes', () => {
  vi.spyOn(performance, 'now').mockReturnValue(100_000);
  const next = schedule({ sentAt: 90_000 });
  expect(next(state({ status: 'pending', received: 0 }, 9))).toBe(3_000);
  expect(next(state({ status: 'pending', received: 0 }, 12))).toBe(3_000);
});

test('an answer that breaks the contract stops the timer (the page shows the failure)', () => {
  const next = renderHook(() =>
    useCheckSchedule(
      (): Payment => {
        throw new Error('does not match the contract');
      },
      { awaits },
    ),
  ).result.current;
  expect(next(state({ status: 'pending', received: 0 }, 1))).toBe(false);
});
