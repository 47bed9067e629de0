import { expect, test } from 'vitest';
import {
  clockFormSchema,
  clockTargetFormSchema,
  ipWhitelistFormSchema,
  mandateAnswerFormSchema,
  paymentFormSchema,
  payoutUseCaseFormSchema,
  webhookEndpointFormSchema,
} from './forms';

test('a payment form with only an amount sends a hosted-checkout payment in naira', () => {
  expect(
    paymentFormSchema.parse({ amount: ' 49.99 ', email: '', phone: '', callbackUrl: '' }),
  ).toEqual({ amount: { amount: 49.99, currency: 'NGN' }, paymentMethod: 'hosted_checkout' });
});

test('a payment form with the payer’s details sends them, the phone in E.164', () => {
  expect(
    paymentFormSchema.parse({
      amount: '5000',
      email: 'ada@example.com',
      phone: '0803 123 4567',
      callbackUrl: 'https://merchant.example/orders/42',
    }),
  ).toEqual({
    amount: { amount: 5000, currency: 'NGN' },
    paymentMethod: 'hosted_checkout',
    customer: { email: 'ada@example.com', phone: '+2348031234567' },
    callbackUrl: 'https://merchant.example/orders/42',
  });
});

test.each([
  ['', 'Enter an amount in naira'],
  ['abc', 'amount must be a number in naira'],
  ['0', 'amount must be greater than zero'],
  ['1.005', 'amount must have at most 2 decimal places (kobo)'],
])('the amount %j is refused: %s', (amount, message) => {
  const result = paymentFormSchema.safeParse({ amount, email: '', phone: '', callbackUrl: '' });
  expect(result.error?.issues[0]?.message).toBe(message);
});

test('a non-https callback URL is refused before it is sent', () => {
  const result = paymentFormSchema.safeParse({
    amount: '10',
    email: '',
    phone: '',
    callbackUrl: 'http://merchant.example',
  });
  expect(result.error?.issues[0]?.path).toEqual(['callbackUrl']);
});

test('the test clock is moved by a duration in days, hours, minutes and seconds, at most 400 days', () => {
  expect(clockFormSchema.parse({ duration: '90s' })).toEqual({ seconds: 90 });
  expect(clockFormSchema.parse({ duration: '2h30m' })).toEqual({ seconds: 9000 });
  expect(clockFormSchema.parse({ duration: '30d' })).toEqual({ seconds: 30 * 86400 });
  expect(clockFormSchema.parse({ duration: ' 1D 12h ' })).toEqual({ seconds: 36 * 3600 });
  expect(clockFormSchema.parse({ duration: '400d' })).toEqual({ seconds: 400 * 86400 });
  for (const refused of ['', '31', '1.5h', '30m2h', 'soon', '0s', '401d']) {
    expect(clockFormSchema.safeParse({ duration: refused }).success, refused).toBe(false);
  }
});

test('the test clock is moved to a date and time typed in this device’s time zone', () => {
  expect(clockTargetFormSchema.parse({ at: '2026-12-01T09:30' }).at).toEqual(
    new Date(2026, 11, 1, 9, 30),
  );
  expect(clockTargetFormSchema.safeParse({ at: '' }).success).toBe(false);
  expect(clockTargetFormSchema.safeParse({ at: 'tomorrow' }).success).toBe(false);
});

test('the IP whitelist takes addresses separated by spaces, commas or lines, and refuses ranges', () => {
  expect(ipWhitelistFormSchema.parse({ addresses: '203.0.113.7,\n2001:db8::1  ' })).toEqual({
    addresses: ['203.0.113.7', '2001:db8::1'],
  });
  expect(ipWhitelistFormSchema.parse({ addresses: '' })).toEqual({ addresses: [] });
  expect(ipWhitelistFormSchema.safeParse({ addresses: '203.0.113.0/24' }).success).toBe(false);
});

test('a blank webhook endpoint removes it; a URL with credentials is refused', () => {
  expect(webhookEndpointFormSchema.parse({ url: '  ' })).toEqual({ url: null });
  expect(webhookEndpointFormSchema.safeParse({ url: 'http://u:p@127.0.0.1/' }).success).toBe(false);
});

test('an approval carries no reason; a rejection keeps its reason', () => {
  expect(
    mandateAnswerFormSchema.parse({ subscriptionId: 'sub_1', outcome: 'approved', reason: 'x' }),
  ).toEqual({ subscriptionId: 'sub_1', answer: { outcome: 'approved' } });
  expect(
    mandateAnswerFormSchema.parse({
      subscriptionId: 'sub_1',
      outcome: 'rejected',
      reason: 'Signature mismatch',
    }),
  ).toEqual({
    subscriptionId: 'sub_1',
    answer: { outcome: 'rejected', reason: 'Signature mismatch' },
  });
});

test('a payout use case sends its volume in naira only when given, and needs 20 characters', () => {
  const useCase = 'We pay our delivery riders weekly to their NUBANs.';
  expect(payoutUseCaseFormSchema.parse({ useCase, expectedMonthlyVolume: ' ' })).toEqual({
    useCase,
  });
  expect(payoutUseCaseFormSchema.parse({ useCase, expectedMonthlyVolume: '2500000' })).toEqual({
    useCase,
    expectedMonthlyVolume: 2_500_000,
  });
  expect(
    payoutUseCaseFormSchema.safeParse({ useCase: 'Pay riders', expectedMonthlyVolume: '' }).success,
  ).toBe(false);
  expect(payoutUseCaseFormSchema.safeParse({ useCase, expectedMonthlyVolume: '-5' }).success).toBe(
    false,
  );
});
