/**
 * The idempotency key of a customer's action (service-api.md, "Endpoints" and "Authentication",
 * rule 2: "a retry does not create a duplicate"; product.md, "Every page": "a retried action
 * reuses its idempotency key"; docs/decisions/0023-offline-actions-and-hosted-idempotency.md).
 *
 * One key per attempt, kept while the attempt's answer has not arrived: a retry of the same
 * action with the same input after a network failure or a timeout (the answer may have been lost
 * after the service applied it) sends the same key, so the service replays its first answer
 * instead of applying the action twice. Any answer, success or refusal, ends the attempt: the next
 * one gets a fresh key, as does an attempt with changed input. Pure: the state is a value and the
 * key generator is given; `use-action-key.ts` holds it for a page hook.
 */
import { ApiError } from './api-client';

/** The latest attempt of an action: its key and its input (canonical JSON). */
export interface ActionAttempt {
  key: string;
  input: string;
}

/**
 * What an action remembers between attempts: the attempt whose answer has not arrived (in flight
 * or lost), or null when there is none.
 */
export type UnansweredAttempt = ActionAttempt | null;

/**
 * `value` as JSON with object keys sorted, so `{ a, b }` and `{ b, a }` are the same input (as on
 * the wire, undefined fields are left out; an action without input is `"undefined"`).
 */
export function canonicalInput(value: unknown): string {
  if (value === undefined) return 'undefined';
  return JSON.stringify(value, (_key, nested: unknown) =>
    nested !== null && typeof nested === 'object' && !Array.isArray(nested)
      ? Object.fromEntries(Object.entries(nested).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : nested,
  );
}

/**
 * The attempt to send for `input`: the unanswered attempt again when its input is the same (a
 * retry), else a new attempt with `newKey()`.
 */
export function attemptFor(
  unanswered: UnansweredAttempt,
  input: unknown,
  newKey: () => string,
): ActionAttempt {
  const canonical = canonicalInput(input);
  if (unanswered !== null && unanswered.input === canonical) return unanswered;
  return { key: newKey(), input: canonical };
}

/**
 * True when the service answered: a success (`error` null or undefined) or an {@link ApiError}.
 * A network failure, a timeout, an offline refusal or an abort is no answer.
 */
export function answerArrived(error: unknown): boolean {
  return error === null || error === undefined || error instanceof ApiError;
}

/**
 * What to remember once `attempt` settled with `error` (null or undefined on success): nothing when
 * an answer arrived, else the attempt, whose key a retry must reuse.
 */
export function afterAttempt(attempt: ActionAttempt, error: unknown): UnansweredAttempt {
  return answerArrived(error) ? null : attempt;
}

/**
 * A fresh key: `act_` and 128 random bits in hex (an Idempotency-Key is 1 to 255 printable ASCII
 * characters; sandbox/README.md, "Idempotency"). `crypto.getRandomValues` rather than
 * `randomUUID`, which older Android WebViews lack.
 */
export function newActionKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `act_${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
