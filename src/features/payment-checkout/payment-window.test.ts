import { act, renderHook } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import {
  formatClock,
  secondsLeft,
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
  const sync: WindowSync = { remainingSeconds: 90, syncedAtMs: performance.now() };
  const { result } = renderHook(() => useWindowSecondsLeft(sync));
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
  const first: WindowSync = { remainingSeconds: 600, syncedAtMs: performance.now() };
  const { result, rerender } = renderHook(({ sync }) => useWindowSecondsLeft(sync), {
    initialProps: { sync: first },
  });
  act(() => {
    vi.advanceTimersByTime(10_000);
  });
  expect(result.current).toBe(590);

  // The server says less time is left than the phone counted (it was asleep, say).
  rerender({ sync: { remainingSeconds: 300, syncedAtMs: performance.now() } });
  expect(result.current).toBe(300);
  act(() => {
    vi.advanceTimersByTime(2_000);
  });
  expect(result.current).toBe(298);
});

test('no sync, no countdown', () => {
  const { result } = renderHook(() => useWindowSecondsLeft(null));
  expect(result.current).toBeNull();
});
