/**
 * The payment window's countdown (product.md, "Money, phones, banks, time": countdowns come from
 * the server's remaining seconds, not from the phone's clock; conventions.md, BTCPay's checkout).
 *
 * Each answer of `GET /checkout/:paymentId` carries `remainingSeconds` by the server's clock. The
 * page notes the monotonic time (`performance.now()`, ms) at which that answer arrived and counts
 * down locally from there; every later answer re-syncs it. The phone's wall clock (`Date.now()`),
 * which is often wrong or changed by hand, only measures how long ago an answer arrived (TanStack
 * Query records arrivals in wall-clock ms); it never decides the time left.
 */
import { useEffect, useState } from 'react';

/** One sync point: the server's remaining seconds and when (monotonic ms) the answer arrived. */
export interface WindowSync {
  /** Whole seconds left in the payment window, by the server's clock, at `syncedAtMs`. */
  remainingSeconds: number;
  /** `performance.now()` (ms) when the answer carrying `remainingSeconds` arrived. */
  syncedAtMs: number;
}

/**
 * The sync point of an answer carrying `remainingSeconds` that arrived at `answeredAtMs` (epoch
 * ms of this device, as TanStack Query records `dataUpdatedAt`), when the wall clock reads
 * `nowMs` and the monotonic clock `nowMonoMs`. The wall clock is read only to say how long ago
 * the answer arrived (clamped at 0), so an answer the page takes from the cache later (the
 * entry's prefetch) counts from its arrival, not from when the page rendered it.
 */
export function syncFromAnswer(
  remainingSeconds: number,
  answeredAtMs: number,
  nowMs: number,
  nowMonoMs: number,
): WindowSync {
  return { remainingSeconds, syncedAtMs: nowMonoMs - Math.max(0, nowMs - answeredAtMs) };
}

/**
 * Whole seconds left at monotonic time `nowMs` (ms): the synced value minus the whole seconds
 * elapsed since, never below 0. A `nowMs` before the sync (impossible with a monotonic clock, but
 * cheap to guard) counts as no time elapsed.
 */
export function secondsLeft(sync: WindowSync, nowMs: number): number {
  const elapsedSeconds = Math.floor(Math.max(0, nowMs - sync.syncedAtMs) / 1000);
  return Math.max(0, sync.remainingSeconds - elapsedSeconds);
}

/** `seconds` (≥ 0) as a clock: "9:05", "29:41", "1:02:03". */
export function formatClock(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${secs}` : `${minutes}:${secs}`;
}

/** Thresholds the page announces to screen readers as the window runs out. */
export type WindowWarning = 'fiveMinutes' | 'oneMinute' | null;

/**
 * The warning for `seconds` left: under 5 minutes, then under 1 minute; none at 0 (the page then
 * says the time is up) or above 5 minutes.
 */
export function windowWarning(seconds: number): WindowWarning {
  if (seconds <= 0) return null;
  if (seconds <= 60) return 'oneMinute';
  if (seconds <= 300) return 'fiveMinutes';
  return null;
}

const tickMs = 250;

/**
 * Seconds left in the payment window (see {@link secondsLeft}), re-rendering as it changes; null
 * when `remaining` (the server's `remainingSeconds`) is null. A new answer (another `remaining`
 * or `answeredAtMs`, epoch ms as TanStack Query records it) re-syncs at once, counted from when
 * that answer arrived ({@link syncFromAnswer}).
 */
export function useWindowSecondsLeft(
  remaining: number | null,
  answeredAtMs: number,
): number | null {
  const [left, setLeft] = useState<number | null>(remaining);
  const [syncedFor, setSyncedFor] = useState({ remaining, answeredAtMs });

  // A new answer shows the server's value on the very render that brings it (React's "adjust
  // state while rendering"), rather than one stale frame from the previous answer; the effect's
  // first tick then counts the time since the answer arrived.
  if (syncedFor.remaining !== remaining || syncedFor.answeredAtMs !== answeredAtMs) {
    setSyncedFor({ remaining, answeredAtMs });
    setLeft(remaining);
  }

  useEffect(() => {
    if (remaining === null) return;
    const sync = syncFromAnswer(remaining, answeredAtMs, Date.now(), performance.now());
    const tick = () => {
      const value = secondsLeft(sync, performance.now());
      setLeft(value);
      return value;
    };
    if (tick() === 0) return;
    const id = window.setInterval(() => {
      if (tick() === 0) window.clearInterval(id);
    }, tickMs);
    return () => window.clearInterval(id);
  }, [remaining, answeredAtMs]);

  return left;
}
