/**
 * Whether a deadline from the server has passed, judged by the server's time rather than this
 * device's clock (phones run fast or slow, and a test-mode link runs on the sandbox's test clock),
 * re-rendering when it passes while the page is open (the activation transfer's deadline,
 * service-api.md, "Direct debit mandate"; product.md, flow step 6).
 */
import { useEffect, useState } from 'react';

// setTimeout fires at once for delays over 2^31 - 1 ms; a later deadline is looked at again then.
const maxTimerMs = 2_147_483_647;

function hasPassed(localDeadlineMs: number): boolean {
  return Number.isFinite(localDeadlineMs) && Date.now() >= localDeadlineMs;
}

/**
 * True once `deadline` (an ISO timestamp in the server's time) has passed; false for an
 * unreadable one. `serverTime` is the server's time in the answer that carried the deadline and
 * `receivedAt` this device's clock (ms since the epoch) when that answer arrived: their difference
 * turns the deadline into a moment of this device's clock. Updates by itself when it comes.
 */
export function useDeadlinePassed(
  deadline: string,
  serverTime: string,
  receivedAt: number,
): boolean {
  // Device-clock instant of the deadline: deadline − (server time − device time) of that answer.
  const localDeadlineMs = Date.parse(deadline) - (Date.parse(serverTime) - receivedAt);
  // The deadline seen to have passed (so a new deadline from the server is judged afresh).
  const [passedFor, setPassedFor] = useState<number | null>(() =>
    hasPassed(localDeadlineMs) ? localDeadlineMs : null,
  );

  useEffect(() => {
    if (!Number.isFinite(localDeadlineMs)) return;
    let id = 0;
    const wait = () => {
      if (hasPassed(localDeadlineMs)) {
        setPassedFor(localDeadlineMs);
        return;
      }
      id = window.setTimeout(wait, Math.min(maxTimerMs, localDeadlineMs - Date.now()));
    };
    id = window.setTimeout(wait, Math.min(maxTimerMs, Math.max(0, localDeadlineMs - Date.now())));
    return () => window.clearTimeout(id);
  }, [localDeadlineMs]);

  return passedFor === localDeadlineMs;
}
