import { expect, test } from 'vitest';
import { fastCheckWindowMs, nextCheckDelayMs } from './check-schedule';

test.each([
  [0, 3_000],
  [1, 5_000],
  [2, 10_000],
  [3, 20_000],
  [4, 20_000],
  [50, 20_000],
])('check %i waits %i ms (back-off, at most 20 s)', (attempt, delay) => {
  expect(nextCheckDelayMs(attempt, null)).toBe(delay);
});

test('after "I’ve sent the money" checks run every 3 s for two minutes, whatever the back-off', () => {
  expect(nextCheckDelayMs(10, 0)).toBe(3_000);
  expect(nextCheckDelayMs(10, 60_000)).toBe(3_000);
  expect(nextCheckDelayMs(10, fastCheckWindowMs - 1)).toBe(3_000);
});

test('after the fast window the back-off applies again', () => {
  expect(nextCheckDelayMs(10, fastCheckWindowMs)).toBe(20_000);
  expect(nextCheckDelayMs(0, fastCheckWindowMs + 1)).toBe(3_000);
  expect(nextCheckDelayMs(1, fastCheckWindowMs + 1)).toBe(5_000);
});

test('odd inputs fall back to sensible delays', () => {
  expect(nextCheckDelayMs(-1, null)).toBe(3_000);
  expect(nextCheckDelayMs(1.7, null)).toBe(5_000);
  expect(nextCheckDelayMs(2, -5)).toBe(10_000);
});
