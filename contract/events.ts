/**
 * Webhook events (service-api.md, "Events"): the twelve event kinds and the one payload shape
 * every delivery carries. The interface document leaves the payload shape "not shown"; ours is
 * recorded in docs/decisions/0008-webhook-events.md.
 *
 * Payload (the raw JSON body of a delivery, fixed when the event is recorded and never changed):
 * `{ id: "evt_…", type, mode: "test" | "live", createdAt: ISO 8601 UTC, data: { … } }`, plus
 * `sample: true` on a test event (sent on request through the sandbox, in either mode): such an
 * event refers to no record and proves nothing; receivers acknowledge it and act on nothing.
 * Amounts inside `data` are naira (numbers with at most 2 decimals), as everywhere in the API.
 */
import { z } from 'zod';
import { isoTimestampSchema, languageSchema, modeSchema } from './common';
import { paymentSchema } from './payments';
import { payoutSchema, settlementSchema } from './payouts';
import { invoiceSchema, subscriptionSchema } from './subscriptions';
import { transactionSchema } from './transactions';
import { virtualAccountSchema } from './virtual-accounts';

/** The event kinds of service-api.md, "Events", in the document's order. */
export const eventTypes = [
  'payment.success',
  'payment.failed',
  'virtual_account.credit',
  'transaction.created',
  'settlement.completed',
  'payout.successful',
  'payout.failed',
  'subscription.created',
  'subscription.renewed',
  'subscription.expired',
  'subscription.payment.success',
  'subscription.payment.failed',
] as const;

export const eventTypeSchema = z.enum(eventTypes);
export type EventType = z.infer<typeof eventTypeSchema>;

/** The credit a `virtual_account.credit` event reports, next to the account it was paid into. */
export const creditedTransferSchema = z.object({
  /** The `transaction.created` transaction of this transfer. */
  transactionId: z.string().startsWith('trn_'),
  /** Naira. */
  amount: z.number().positive(),
  currency: z.literal('NGN'),
  /** The sender bank's reference of the transfer. */
  reference: z.string(),
  receivedAt: isoTimestampSchema,
});

/** The failed mandate debit a `subscription.payment.failed` event reports, next to its invoice. */
export const failedDebitSchema = z.object({
  id: z.string(),
  status: z.literal('failed'),
  reason: z.string().nullable(),
});

/**
 * A recorded event is never changed (service-api.md, "Events"), so one recorded before payments and
 * subscriptions carried `preferredLanguage` (sandbox migration 21) lacks it: read as null, which
 * is what such a record now answers too.
 */
const addedLater = { preferredLanguage: z.nullable(languageSchema).default(null) };
const paymentEventDataSchema = paymentSchema.extend(addedLater);
const subscriptionEventDataSchema = subscriptionSchema.extend(addedLater);

/**
 * `data` of each event kind: the affected resource as the API shows it (the mapping of which
 * operation records which kind: docs/decisions/0008-webhook-events.md).
 */
export const eventDataSchemas = {
  'payment.success': paymentEventDataSchema,
  'payment.failed': paymentEventDataSchema,
  'virtual_account.credit': virtualAccountSchema.extend({ transfer: creditedTransferSchema }),
  // Not strict here: a receiver must keep working when a later version adds a field.
  'transaction.created': z.object(transactionSchema.shape),
  'settlement.completed': settlementSchema,
  'payout.successful': payoutSchema,
  'payout.failed': payoutSchema,
  'subscription.created': subscriptionEventDataSchema,
  'subscription.renewed': subscriptionEventDataSchema,
  'subscription.expired': subscriptionEventDataSchema,
  'subscription.payment.success': invoiceSchema,
  'subscription.payment.failed': invoiceSchema.extend({ debit: failedDebitSchema }),
} as const satisfies Record<EventType, z.ZodType>;

/** `data` of an event of kind `T`. */
export type EventData<T extends EventType> = z.input<(typeof eventDataSchemas)[T]>;

/** `data` of a test event (`sample: true`), whatever its kind: it refers to no record. */
export const sampleEventDataSchema = z.object({
  sample: z.literal(true),
  description: z.string(),
});
export type SampleEventData = z.infer<typeof sampleEventDataSchema>;

const envelope = {
  id: z.string().regex(/^evt_[A-Za-z0-9]+$/),
  mode: modeSchema,
  createdAt: z.iso.datetime(),
};

function eventOf<T extends EventType>(type: T) {
  return z.object({ ...envelope, type: z.literal(type), data: eventDataSchemas[type] });
}

/** An event recorded by an operation: its kind names the shape of its `data`. */
export const recordedEventSchema = z.discriminatedUnion('type', [
  eventOf('payment.success'),
  eventOf('payment.failed'),
  eventOf('virtual_account.credit'),
  eventOf('transaction.created'),
  eventOf('settlement.completed'),
  eventOf('payout.successful'),
  eventOf('payout.failed'),
  eventOf('subscription.created'),
  eventOf('subscription.renewed'),
  eventOf('subscription.expired'),
  eventOf('subscription.payment.success'),
  eventOf('subscription.payment.failed'),
]);

/** A test event, sent on request, of any kind: sample data and `sample: true`. */
export const sampleEventSchema = z.object({
  ...envelope,
  type: eventTypeSchema,
  data: sampleEventDataSchema,
  sample: z.literal(true),
});

/**
 * The JSON body of every webhook delivery: a recorded event, whose `data` is the resource of its
 * kind ({@link eventDataSchemas}), or a test event (`sample: true`, {@link sampleEventSchema}).
 * Parsing keeps only the documented fields.
 */
export const webhookEventSchema = z.union([sampleEventSchema, recordedEventSchema]);
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
/** A recorded event of kind `T` (any kind by default). */
export type RecordedEvent<T extends EventType = EventType> = Extract<
  z.infer<typeof recordedEventSchema>,
  { type: T }
>;

/** True when `event` is a recorded (not a test) event of kind `type`; narrows its `data`. */
export function isRecordedEvent<T extends EventType>(
  event: WebhookEvent,
  type: T,
): event is RecordedEvent<T> {
  return !('sample' in event) && event.type === type;
}

/** Delivery headers (service-api.md, "Events"); servers usually see them lowercased. */
export const webhookHeaders = {
  signature: 'X-Service-Signature',
  timestamp: 'X-Service-Timestamp',
  event: 'X-Service-Event',
} as const;
