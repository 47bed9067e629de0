import { expect, test } from 'vitest';
import { z } from 'zod';
import { checkoutStateSchema, invoiceStateSchema } from './checkout';
import { setupStateSchema } from './direct-debit';
import { eventDataSchemas } from './events';
import { paymentCreateRequestSchema } from './payments';
import { subscriptionCreateRequestSchema } from './subscriptions';

const subscriptionRequest = {
  planId: 'subplan_1',
  paymentMethod: 'customer_choice',
  customer: { email: 'ada@example.com' },
};
const paymentRequest = {
  amount: { amount: 5000, currency: 'NGN' },
  paymentMethod: 'hosted_checkout',
};
const requests = [
  ['subscription', subscriptionCreateRequestSchema, subscriptionRequest],
  ['payment', paymentCreateRequestSchema, paymentRequest],
] as const;

test.each(requests)(
  'a %s create request takes one of the five languages, or none',
  (_kind, schema, body) => {
    for (const language of ['en', 'pcm', 'ha', 'yo', 'ig']) {
      expect(schema.parse({ ...body, preferredLanguage: language }).preferredLanguage).toBe(
        language,
      );
    }
    expect(schema.parse(body).preferredLanguage).toBeUndefined();
  },
);

test.each(requests)(
  'a %s create request refuses any other preferredLanguage, naming the field',
  (_kind, schema, body) => {
    for (const value of ['fr', 'EN', '', 'en-NG', 1, null, ['en']]) {
      const result = schema.safeParse({ ...body, preferredLanguage: value });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.path)).toEqual([['preferredLanguage']]);
    }
  },
);

test.each([
  ['setup', setupStateSchema],
  ['checkout', checkoutStateSchema],
  ['invoice', invoiceStateSchema],
] as const)('the %s state always says the preference: a language or null', (_page, schema) => {
  const field = schema.shape.preferredLanguage;
  expect(z.safeParse(field, 'yo').success).toBe(true);
  expect(z.safeParse(field, null).success).toBe(true);
  expect(z.safeParse(field, undefined).success).toBe(false);
  expect(z.safeParse(field, 'fr').success).toBe(false);
});

test('an event recorded before the field existed reads it as null; a later one keeps its language', () => {
  for (const type of ['payment.success', 'subscription.created'] as const) {
    const field = eventDataSchemas[type].shape.preferredLanguage;
    expect(field.parse(undefined)).toBeNull();
    expect(field.parse('ig')).toBe('ig');
    expect(field.safeParse('fr').success).toBe(false);
  }
});
