/**
 * Requests of the sandbox's own controls: things the real service does in its dashboard or by
 * itself, which a local sandbox must let a developer or a test trigger. Test-mode keys only.
 */
import { z } from 'zod';
import { nairaAmountSchema } from './money';

/** `PUT /sandbox/v1/direct-debit/config`: enable or disable direct debit for the key's mode. */
export const sandboxDirectDebitConfigRequestSchema = z.strictObject({ enabled: z.boolean() });

/**
 * `POST /sandbox/v1/virtual-accounts/:virtualAccountId/transfers`: simulate an inbound bank
 * transfer of `amount` naira (bounded like every amount, contract/money.ts) to a virtual account. Exact, short and excess
 * amounts are all accepted; see sandbox/README.md for their effect on a payment.
 */
export const simulateTransferRequestSchema = z.strictObject({
  amount: nairaAmountSchema,
  senderName: z.string().trim().min(1).max(100).optional(),
});

/** `POST /sandbox/v1/clock/advance`: move the test clock forward by `seconds` (1 s to 400 days). */
export const advanceClockRequestSchema = z.strictObject({
  seconds: z
    .number()
    .int()
    .positive()
    .max(400 * 24 * 3600),
});

/** The sandbox clock: the time rules see, and how far it is ahead of the real clock. */
export const clockResponseSchema = z.object({
  data: z.object({ now: z.string(), offsetSeconds: z.number() }),
});

/**
 * `POST /sandbox/v1/invoices/:invoiceId/debit/reconcile`: settle a renewal debit whose result is
 * `unknown` as `succeeded` (the invoice is paid) or `failed` (terminal; checkout may be offered).
 * Answers the invoice. 409 when the debit's result is not unknown.
 */
export const reconcileDebitRequestSchema = z.strictObject({
  outcome: z.enum(['succeeded', 'failed']),
});

/**
 * `POST /sandbox/v1/virtual-accounts/:virtualAccountId/expire` `{}`: end a dynamic account's
 * payment window now (its pending payment expires), without moving the shared test clock.
 */
export const expireVirtualAccountRequestSchema = z.strictObject({});

/**
 * `POST /sandbox/v1/subscriptions/:subscriptionId/direct-debit/bank-answer`: the bank's final
 * answer for the subscription's current mandate while it awaits one (test mode only): a `pending`
 * mandate (the customer made the activation transfer, or never did) or an `unknown` one (its
 * result reconciled). `approved`, or `rejected` with an optional reason for the customer. Answers
 * the mandate. 409 when the mandate awaits no answer.
 */
export const mandateBankAnswerRequestSchema = z.discriminatedUnion('outcome', [
  z.strictObject({ outcome: z.literal('approved') }),
  z.strictObject({
    outcome: z.literal('rejected'),
    reason: z.string().trim().min(1).max(200).optional(),
  }),
]);
export type MandateBankAnswer = z.infer<typeof mandateBankAnswerRequestSchema>;
