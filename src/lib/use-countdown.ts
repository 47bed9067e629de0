/**
 * A whole-second countdown for the view (auto-return, rate-limit waits). It starts from a number
 * of seconds the caller was given (by the server, or a fixed delay) and measures elapsed time with
 * the monotonic `performance.now()`, so changing the phone's clock does not move it. While
 * `paused`, time stops counting (WCAG 2.2.1: the customer can hold a timed return).
 */
import { useEffect, useRef, useState } from 'react';

const tickMs = 250;

/**
 * Seconds left (integer, counting down to 0) of a countdown of `seconds` that restarts whenever
 * `seconds` or `restartKey` changes; null when `seconds` is null. Held while `paused`.
 */
export function useCountdown(
  seconds: number | null,
  restartKey?: unknown,
  paused = false,
): number | null {
  const [left, setLeft] = useState<number | null>(seconds);
  const [startedFor, setStartedFor] = useState({ seconds, restartKey });
  // Milliseconds counted before the latest pause (of this countdown).
  const elapsedBefore = useRef({ ms: 0, for: startedFor });

  // A new countdown shows its full length on the very render that starts it (React's "adjust
  // state while rendering"), rather than one stale frame from the previous one.
  if (startedFor.seconds !== seconds || startedFor.restartKey !== restartKey) {
    setStartedFor({ seconds, restartKey });
    setLeft(seconds);
  }

  useEffect(() => {
    if (seconds === null || seconds <= 0 || paused) return;
    if (elapsedBefore.current.for !== startedFor)
      elapsedBefore.current = { ms: 0, for: startedFor };
    const counted = elapsedBefore.current;
    const startedAt = performance.now() - counted.ms;
    const id = window.setInterval(() => {
      const remaining = Math.max(0, seconds - Math.floor((performance.now() - startedAt) / 1000));
      setLeft(remaining);
      if (remaining === 0) window.clearInterval(id);
    }, tickMs);
    return () => {
      counted.ms = performance.now() - startedAt;
      window.clearInterval(id);
    };
  }, [seconds, startedFor, paused]);

  return left;
}
