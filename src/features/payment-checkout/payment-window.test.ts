import { act, renderHook } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import {
  formatClock,
  secondsLeft,
  syncFromAnswer,
  useWindowSecondsLeft,
  windowWarning,
  type WindowSync,
} from './payment-window';

afterEach(() => {
  vi.useRealTimers();
});

test.each<[string, WindowSync, number, number]>([
  ['at the moment the answer arrived', { remainingSeconds: 1800, syncedAtMs: 1_000 }, 1_000, 1800],
  [
    '999 ms later (not yet a whole second)',
    { remainingSeconds: 1800, syncedAtMs: 1_000 },
    1_999,
    1800,
  ],
  ['1 s later', { remainingSeconds: 1800, syncedAtMs: 1_000 }, 2_000, 1799],
  ['10 min later', { remainingSeconds: 1800, syncedAtMs: 1_000 }, 601_000, 1200],
  ['past the end', { remainingSeconds: 5, syncedAtMs: 0 }, 60_000, 0],
  ['when the server already said 0', { remainingSeconds: 0, syncedAtMs: 0 }, 0, 0],
  [
    'a time before the sync (counts as no time elapsed)',
    { remainingSeconds: 30, syncedAtMs: 5_000 },
    4_000,
    30,
  ],
])('seconds left %s', (_name, sync, now, expected) => {
  expect(secondsLeft(sync, now)).toBe(expected);
});

test.each([
  [0, '0:00'],
  [9, '0:09'],
  [65, '1:05'],
  [1800, '30:00'],
  [3599, '59:59'],
  [3723, '1:02:03'],
])('%i s is written %s', (seconds, text) => {
  expect(formatClock(seconds)).toBe(text);
});

test.each([
  [1800, null],
  [301, null],
  [300, 'fiveMinutes'],
  [61, 'fiveMinutes'],
  [60, 'oneMinute'],
  [1, 'oneMinute'],
  [0, null],
])('%i s left warns %s', (seconds, warning) => {
  expect(windowWarning(seconds)).toBe(warning);
});

test('the hook counts down by the monotonic clock, not the phone’s wall clock', () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance', 'Date'] });
  const answeredAt = Date.now();
  const { result } = renderHook(() => useWindowSecondsLeft(90, answeredAt));
  expect(result.current).toBe(90);

  act(() => {
    vi.advanceTimersByTime(30_000);
  });
  expect(result.current).toBe(60);

  // The payer sets the phone's clock a day ahead: the countdown does not move.
  vi.setSystemTime(Date.now() + 86_400_000);
  act(() => {
    vi.advanceTimersByTime(1_000);
  });
  expect(result.current).toBe(59);

  act(() => {
    vi.advanceTimersByTime(120_000);
  });
  expect(result.current).toBe(0);
});

test('a new answer re-syncs the countdown at once', () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
  const { result, rerender } = renderHook(
    ({ remaining, answeredAt }) => useWindowSecondsLeft(remaining, answeredAt),
    { initialProps: { remaining: 600, answeredAt: Date.now() } },
  );
  act(() => {
    vi.advanceTimersByTime(10_000);
  });
  expect(result.current).toBe(590);

  // The server says less time is left than the phone counted (it was asleep, say).
  rerender({ remaining: 300, answeredAt: Date.now() });
  expect(result.current).toBe(300);
  act(() => {
    vi.advanceTimersByTime(2_000);
  });
  expect(result.current).toBe(298);
});

test('no sync, no countdown', () => {
  const { result } = renderHook(() => useWindowSecondsLeft(null, 0));
  expect(result.current).toBeNull();
});

test('the countdown is synced from the server’s remaining seconds at the answer’s arrival', () => {
  // An answer that arrived 2 s before the page took it from the cache (the entry's prefetch).
  expect(syncFromAnswer(1234, 1_800_000_000_000, 1_800_000_002_000, 10_000)).toEqual({
    remainingSeconds: 1234,
    syncedAtMs: 8_000,
  });
  // A wall clock set back since then never counts as negative time.
  expect(syncFromAnswer(600, 1_800_000_009_000, 1_800_000_000_000, 10_000)).toEqual({
    remainingSeconds: 600,
    syncedAtMs: 10_000,
  });
});

test('a hook given an answer that arrived earlier counts from its arrival', () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance', 'Date'] });
  const answeredAt = Date.now() - 5_000;
  const { result } = renderHook(() => useWindowSecondsLeft(600, answeredAt));
  expect(result.current).toBe(595);
});
