/**
 * Transactions (service-api.md, "Events": `transaction.created`): every money movement the
 * service records, one shape for all of them. The document shows no transaction resource; this is
 * ours, recorded in docs/decisions/0008-webhook-events.md. Amounts are naira on the wire.
 *
 * - `transfer`: an inbound bank transfer credited to a virtual account (`direction: credit`);
 * - `debit`: a successful mandate debit of a renewal invoice (`direction: credit`, money in);
 * - `payout`: a successful payout to a beneficiary (`direction: debit`, money out).
 *
 * Fields that do not apply to a kind are `null`, never missing.
 */
import { z } from 'zod';
import { isoTimestampSchema } from './common';

/** The kinds of money movement. */
export const transactionTypes = ['transfer', 'debit', 'payout'] as const;

/** One transaction (id `trn_…`), as `transaction.created` carries it in `data`. */
export const transactionSchema = z.strictObject({
  id: z.string().regex(/^trn_[A-Za-z0-9]+$/),
  type: z.enum(transactionTypes),
  /** `credit`: money into the merchant's balance; `debit`: money out of it. */
  direction: z.enum(['credit', 'debit']),
  /** Naira, at most 2 decimals, > 0. */
  amount: z.number().positive(),
  currency: z.literal('NGN'),
  /** The movement's own reference: the transfer's bank reference, the debit id or the payout id. */
  reference: z.string().min(1),
  virtualAccountId: z.string().nullable(),
  paymentId: z.string().nullable(),
  invoiceId: z.string().nullable(),
  mandateId: z.string().nullable(),
  payoutId: z.string().nullable(),
  senderName: z.string().nullable(),
  createdAt: isoTimestampSchema,
});
export type Transaction = z.infer<typeof transactionSchema>;
