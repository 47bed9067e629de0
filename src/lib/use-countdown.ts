/**
 * A whole-second countdown for the view (auto-return, rate-limit waits). It starts from a number
 * of seconds the caller was given (by the server, or a fixed delay) and measures elapsed time with
 * the monotonic `performance.now()`, so changing the phone's clock does not move it.
 */
import { useEffect, useState } from 'react';

const tickMs = 250;

/**
 * Seconds left (integer, counting down to 0) of a countdown of `seconds` that restarts whenever
 * `seconds` or `restartKey` changes; null when `seconds` is null.
 */
export function useCountdown(seconds: number | null, restartKey?: unknown): number | null {
  const [left, setLeft] = useState<number | null>(seconds);
  const [startedFor, setStartedFor] = useState({ seconds, restartKey });

  // A new countdown shows its full length on the very render that starts it (React's "adjust
  // state while rendering"), rather than one stale frame from the previous one.
  if (startedFor.seconds !== seconds || startedFor.restartKey !== restartKey) {
    setStartedFor({ seconds, restartKey });
    setLeft(seconds);
  }

  useEffect(() => {
    if (seconds === null || seconds <= 0) return;
    const startedAt = performance.now();
    const id = window.setInterval(() => {
      const remaining = Math.max(0, seconds - Math.floor((performance.now() - startedAt) / 1000));
      setLeft(remaining);
      if (remaining === 0) window.clearInterval(id);
    }, tickMs);
    return () => window.clearInterval(id);
  }, [seconds, restartKey]);

  return left;
}
