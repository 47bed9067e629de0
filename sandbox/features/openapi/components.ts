/**
 * The named schemas of the OpenAPI document (`components.schemas`): the API's resources, the
 * error shape (service-api.md, "Errors") and every webhook event (contract/events.ts), converted
 * from the contract's zod schemas with zod 4's `z.toJSONSchema` over a registry, so that every
 * route's request and response refers to them by `$ref` instead of repeating them
 * (docs/decisions/0035-contract-document-and-console-reads.md).
 */
import { z } from 'zod';
import { bankSchema } from '../../../contract/banks';
import { brandingSchema } from '../../../contract/branding';
import { mandateSchema, setupLinkSchema } from '../../../contract/direct-debit';
import { errorBodySchema } from '../../../contract/errors';
import {
  eventTypeSchema,
  recordedEventSchema,
  sampleEventSchema,
  webhookEventSchema,
  type EventType,
} from '../../../contract/events';
import { paymentCreateRequestSchema, paymentSchema } from '../../../contract/payments';
import {
  beneficiaryCreateRequestSchema,
  beneficiarySchema,
  payoutAccessSchema,
  payoutCreateRequestSchema,
  payoutSchema,
  payoutUseCaseSchema,
  settlementSchema,
  withdrawalSchema,
} from '../../../contract/payouts';
import { requestLogEntrySchema } from '../../../contract/request-log';
import { subscriptionMetricsSchema } from '../../../contract/subscription-metrics';
import {
  invoicePaymentRequestSchema,
  invoiceSchema,
  planCreateRequestSchema,
  planSchema,
  subscriptionCreateRequestSchema,
  subscriptionSchema,
} from '../../../contract/subscriptions';
import { transactionSchema } from '../../../contract/transactions';
import {
  dynamicAccountRequestSchema,
  reservedAccountRequestSchema,
  virtualAccountSchema,
} from '../../../contract/virtual-accounts';
import {
  deliverySchema,
  eventLogEntrySchema,
  webhookEndpointSchema,
} from '../../../contract/webhooks';

/** A JSON Schema (2020-12) or an OpenAPI object, as plain JSON. */
export type JsonSchema = Record<string, unknown>;

/** A named schema of the contract: its component name and its zod schema. */
type Named = readonly [name: string, schema: z.core.$ZodType];

/** `{ $ref }` to component schema `name`. */
export function schemaRef(name: string): JsonSchema {
  return { $ref: `#/components/schemas/${name}` };
}

/** `subscription.payment.success` → `SubscriptionPaymentSuccessEvent`. */
export function eventComponentName(type: EventType): string {
  const words = type.split(/[._]/).map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return `${words.join('')}Event`;
}

const recordedEvents: Named[] = recordedEventSchema.options.map((option) => [
  eventComponentName(option.shape.type.value),
  option,
]);

/**
 * What the API answers and sends, by name (the output side of each schema): resources, the error
 * shape, the event kinds and every event (the `webhooks` section refers to them).
 */
export const namedSchemas: readonly Named[] = [
  ['Payment', paymentSchema],
  ['VirtualAccount', virtualAccountSchema],
  ['Transaction', transactionSchema],
  ['Plan', planSchema],
  ['Subscription', subscriptionSchema],
  ['Invoice', invoiceSchema],
  ['SubscriptionMetrics', subscriptionMetricsSchema],
  ['Mandate', mandateSchema],
  ['SetupLink', setupLinkSchema],
  ['Bank', bankSchema],
  ['Beneficiary', beneficiarySchema],
  ['Payout', payoutSchema],
  ['PayoutUseCase', payoutUseCaseSchema],
  ['PayoutAccess', payoutAccessSchema],
  ['Settlement', settlementSchema],
  ['Withdrawal', withdrawalSchema],
  ['Branding', brandingSchema],
  ['WebhookEndpoint', webhookEndpointSchema],
  ['WebhookDelivery', deliverySchema],
  ['WebhookEventLogEntry', eventLogEntrySchema],
  ['RequestLogEntry', requestLogEntrySchema],
  ['Error', errorBodySchema],
  ['EventType', eventTypeSchema],
  ...recordedEvents,
  ['RecordedEvent', recordedEventSchema],
  ['SampleEvent', sampleEventSchema],
  ['WebhookEvent', webhookEventSchema],
];

/** What a merchant sends to create records, by name (the input side of each schema). */
export const namedRequestSchemas: readonly Named[] = [
  ['PaymentCreateRequest', paymentCreateRequestSchema],
  ['ReservedAccountRequest', reservedAccountRequestSchema],
  ['DynamicAccountRequest', dynamicAccountRequestSchema],
  ['PlanCreateRequest', planCreateRequestSchema],
  ['SubscriptionCreateRequest', subscriptionCreateRequestSchema],
  ['InvoicePaymentRequest', invoicePaymentRequestSchema],
  ['BeneficiaryCreateRequest', beneficiaryCreateRequestSchema],
  ['PayoutCreateRequest', payoutCreateRequestSchema],
];

const inlinePrefix = '__inline';

function withoutDialect(schema: unknown): JsonSchema {
  const converted = z.record(z.string(), z.unknown()).parse(schema);
  // OpenAPI 3.1 fixes the dialect, and a component is named by its key, not by `$id`.
  delete converted.$schema;
  delete converted.$id;
  return converted;
}

/**
 * Converts `named` (as components) and `inline` (the routes' own schemas) together, on their
 * `io` side: a named schema met anywhere becomes `$ref` to its component.
 * @returns `components`, the named schemas by name; `schemaOf(schema)`, the JSON Schema of one of
 *   `inline` (or `$ref` when it is itself named).
 * @throws Error when a schema would refer to a route's own (unnamed) schema, or zod extracts a
 *   shared definition: either would leave a `$ref` the document does not resolve.
 */
export function componentRefOf(
  io: 'input' | 'output',
  named: readonly Named[],
  inline: readonly z.core.$ZodType[],
): { components: Record<string, JsonSchema>; schemaOf(schema: z.core.$ZodType): JsonSchema } {
  const registry = z.registry<{ id: string }>();
  const nameOf = new Map<z.core.$ZodType, string>();
  for (const [name, schema] of named) {
    registry.add(schema, { id: name });
    nameOf.set(schema, name);
  }
  const inlineIds = new Map<z.core.$ZodType, string>();
  for (const schema of inline) {
    if (nameOf.has(schema) || inlineIds.has(schema)) continue;
    const id = `${inlinePrefix}${inlineIds.size}`;
    inlineIds.set(schema, id);
    registry.add(schema, { id });
  }
  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io,
    // Refinements and transforms (e.g. phone normalization) have no JSON Schema: described loosely.
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
  });
  const text = JSON.stringify(schemas);
  if (text.includes(`"$ref":"#/components/schemas/${inlinePrefix}`) || '__shared' in schemas) {
    throw new Error('A named schema refers to an unnamed one: name it in ./components.ts');
  }
  const components: Record<string, JsonSchema> = {};
  for (const [name] of named) components[name] = withoutDialect(schemas[name]);
  return {
    components,
    schemaOf(schema) {
      const name = nameOf.get(schema);
      if (name !== undefined) return schemaRef(name);
      const id = inlineIds.get(schema);
      if (id === undefined) throw new Error('Not a schema of this conversion');
      return withoutDialect(schemas[id]);
    },
  };
}
