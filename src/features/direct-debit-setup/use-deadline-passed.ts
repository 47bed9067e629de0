/**
 * Whether a deadline from the server has passed, by this device's clock, re-rendering when it
 * passes while the page is open (the activation transfer's deadline, service-api.md, "Direct
 * debit mandate"; product.md, flow step 6).
 */
import { useEffect, useState } from 'react';

// setTimeout fires at once for delays over 2^31 - 1 ms; a later deadline is looked at again then.
const maxTimerMs = 2_147_483_647;

function hasPassed(deadlineMs: number): boolean {
  return Number.isFinite(deadlineMs) && Date.now() >= deadlineMs;
}

/**
 * True once `deadline` (an ISO timestamp) is at or before now; false for an unreadable one.
 * Judged when first rendered, then updated by itself when the moment comes.
 */
export function useDeadlinePassed(deadline: string): boolean {
  const deadlineMs = Date.parse(deadline);
  // The deadline seen to have passed (so a new deadline from the server is judged afresh).
  const [passedFor, setPassedFor] = useState<number | null>(() =>
    hasPassed(deadlineMs) ? deadlineMs : null,
  );

  useEffect(() => {
    if (!Number.isFinite(deadlineMs)) return;
    let id = 0;
    const wait = () => {
      if (hasPassed(deadlineMs)) {
        setPassedFor(deadlineMs);
        return;
      }
      id = window.setTimeout(wait, Math.min(maxTimerMs, deadlineMs - Date.now()));
    };
    id = window.setTimeout(wait, Math.min(maxTimerMs, Math.max(0, deadlineMs - Date.now())));
    return () => window.clearTimeout(id);
  }, [deadlineMs]);

  return passedFor === deadlineMs;
}
