/**
 * When a hosted page asks the server again whether money arrived or a debit settled (product.md,
 * "Checkout pages": automatic status refresh with back-off; "I've sent the money" only speeds up
 * checking). Shared by the payment checkout page (`use-checkout-flow.ts`) and the invoice page
 * (`use-invoice-page.ts`), so both pages back off alike. Pure, so the schedule is tested without
 * timers. All durations are milliseconds.
 */

/** Delays between automatic checks: 3 s, 5 s, 10 s, then every 20 s. */
export const backOffDelaysMs: readonly number[] = [3_000, 5_000, 10_000, 20_000];

const maxBackOffDelayMs = 20_000;

/** Delay between checks for a while after "I've sent the money". */
export const fastCheckDelayMs = 3_000;

/** How long checks stay fast after "I've sent the money": 2 minutes. */
export const fastCheckWindowMs = 120_000;

/**
 * Delay before the next check. `attempt` counts the checks already made since the back-off last
 * started (0 for the first); `msSinceSent` is how long ago the payer said they sent the money
 * (monotonic ms), or null when they have not.
 */
export function nextCheckDelayMs(attempt: number, msSinceSent: number | null): number {
  if (msSinceSent !== null && msSinceSent >= 0 && msSinceSent < fastCheckWindowMs) {
    return fastCheckDelayMs;
  }
  const index = Math.min(Math.max(0, Math.floor(attempt)), backOffDelaysMs.length - 1);
  return backOffDelaysMs[index] ?? maxBackOffDelayMs;
}
