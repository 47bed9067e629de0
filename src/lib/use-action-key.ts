/**
 * {@link useActionKey}: the idempotency key of one action of a page (src/lib/action-key.ts) held
 * across renders for a page hook's `useMutation` (docs/decisions/0023).
 */
import { useMemo, useRef } from 'react';
import { afterAttempt, attemptFor, newActionKey, type UnansweredAttempt } from './action-key';

/** One action's keys: what a page hook calls from `useMutation`. */
export interface ActionKey<I> {
  /**
   * The Idempotency-Key to send for `input`: the key of the unanswered attempt when `input` is
   * the same (a retry), else a fresh one. Call once per attempt, in `mutationFn`.
   */
  keyFor(input: I): string;
  /**
   * Ends the current attempt with `error` (null on success), from `onSettled`: after an answer
   * the next attempt gets a fresh key; after no answer (network failure, timeout, offline, abort)
   * a retry with the same input reuses this one.
   */
  settle(error: unknown): void;
}

/**
 * The keys of one action (e.g. "Authorize"). Stable across renders; kept while the page is
 * mounted (a reload starts afresh and reads the service's state instead).
 *
 * ```ts
 * const actionKey = useActionKey<DisableInput>();
 * const disable = useMutation({
 *   mutationFn: (input: DisableInput) =>
 *     apiRequest(setupRoutes.disableSetup, {
 *       token, body: input, timeoutMs: hostedWriteTimeoutMs, idempotencyKey: actionKey.keyFor(input),
 *     }),
 *   onSettled: (_data, error) => actionKey.settle(error),
 * });
 * ```
 */
export function useActionKey<I>(): ActionKey<I> {
  const unanswered = useRef<UnansweredAttempt>(null);
  return useMemo(
    () => ({
      keyFor(input: I): string {
        const attempt = attemptFor(unanswered.current, input, newActionKey);
        unanswered.current = attempt;
        return attempt.key;
      },
      settle(error: unknown): void {
        if (unanswered.current !== null) {
          unanswered.current = afterAttempt(unanswered.current, error);
        }
      },
    }),
    [],
  );
}
