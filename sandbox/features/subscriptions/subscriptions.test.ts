import { expect, test } from 'vitest';
import { errorBodySchema } from '../../../contract/errors';
import { planResponseSchema, subscriptionResponseSchema } from '../../../contract/subscriptions';
import { createTestSandbox, testOrigin, type TestSandbox } from '../../testing/test-sandbox';

async function createPlan(
  sandbox: TestSandbox,
  overrides: Record<string, unknown> = {},
  key?: string,
) {
  const response = await sandbox.api('POST', '/api/v1/subscriptions/plans', {
    key,
    body: {
      name: 'Gym membership',
      amount: 15000,
      currency: 'NGN',
      interval: 'monthly',
      ...overrides,
    },
  });
  expect(response.status).toBe(201);
  return planResponseSchema.parse(response.body).data;
}

test('a plan is created with a subplan_ id and its amount in naira', async () => {
  const sandbox = createTestSandbox();
  const plan = await createPlan(sandbox, { amount: 4999.99, description: 'Off-peak hours' });
  expect(plan).toMatchObject({
    mode: 'test',
    name: 'Gym membership',
    amount: 4999.99,
    currency: 'NGN',
    interval: 'monthly',
    description: 'Off-peak hours',
  });
  expect(plan.id).toMatch(/^subplan_/);
  sandbox.close();
});

test('a subscription starts pending_activation with a pending initial invoice and its page link', async () => {
  const sandbox = createTestSandbox({ start: new Date('2026-03-05T09:00:00Z') });
  const plan = await createPlan(sandbox, { interval: 'quarterly', amount: 45000 });
  const response = await sandbox.api('POST', '/api/v1/subscriptions', {
    body: {
      planId: plan.id,
      paymentMethod: 'customer_choice',
      callbackUrl: 'https://merchant.example.com/billing/return',
      customer: { email: 'chioma@example.com', firstName: 'Chioma', phone: '0803 123 4567' },
    },
  });
  expect(response.status).toBe(201);
  const subscription = subscriptionResponseSchema.parse(response.body).data;
  expect(subscription).toMatchObject({
    mode: 'test',
    planId: plan.id,
    status: 'pending_activation',
    paymentMethod: 'customer_choice',
    preferredPaymentMethod: 'checkout',
    callbackUrl: 'https://merchant.example.com/billing/return',
    customer: {
      email: 'chioma@example.com',
      firstName: 'Chioma',
      lastName: null,
      phone: '+2348031234567',
    },
    startDate: '2026-03-05',
    currentPeriodStart: '2026-03-05',
    currentPeriodEnd: '2026-06-04',
    nextBillingDate: '2026-06-05',
  });
  expect(subscription.invoice).toMatchObject({
    subscriptionId: subscription.id,
    status: 'pending',
    kind: 'initial',
    amount: 45000,
    currency: 'NGN',
    periodStart: '2026-03-05',
    periodEnd: '2026-06-04',
    dueDate: '2026-03-05',
    callbackUrl: 'https://merchant.example.com/billing/return',
    paidAt: null,
  });
  expect(subscription.invoice.checkoutUrl).toMatch(
    new RegExp(`^${testOrigin}/invoices/${subscription.invoice.id}#token=[A-Za-z0-9_-]{43}$`),
  );
  // Hosted checkout: the initial invoice also carries its payment's checkout page.
  expect(subscription.invoice.authorizationUrl).toMatch(
    new RegExp(`^${testOrigin}/checkout/osp_[0-9a-f]{24}#token=[A-Za-z0-9_-]{43}$`),
  );
  sandbox.close();
});

test('startDate sets the first period', async () => {
  const sandbox = createTestSandbox();
  const plan = await createPlan(sandbox, { interval: 'weekly' });
  const response = await sandbox.api('POST', '/api/v1/subscriptions', {
    body: {
      planId: plan.id,
      paymentMethod: 'customer_choice',
      startDate: '2026-12-28',
      customer: { email: 'ada@example.com' },
    },
  });
  const subscription = subscriptionResponseSchema.parse(response.body).data;
  expect(subscription.currentPeriodEnd).toBe('2027-01-03');
  expect(subscription.nextBillingDate).toBe('2027-01-04');
  sandbox.close();
});

test('an unknown plan, or a plan of the other mode, is 404', async () => {
  const sandbox = createTestSandbox();
  const livePlan = await createPlan(sandbox, {}, sandbox.credentials.liveSecretKey);
  for (const planId of ['subplan_missing', livePlan.id]) {
    const response = await sandbox.api('POST', '/api/v1/subscriptions', {
      body: { planId, paymentMethod: 'customer_choice', customer: { email: 'a@example.com' } },
    });
    expect(response.status).toBe(404);
    expect(errorBodySchema.parse(response.body).code).toBe('NOT_FOUND');
  }
  sandbox.close();
});

test('a non-https callbackUrl or a foreign phone number is refused', async () => {
  const sandbox = createTestSandbox();
  const plan = await createPlan(sandbox);
  const insecure = await sandbox.api('POST', '/api/v1/subscriptions', {
    body: {
      planId: plan.id,
      paymentMethod: 'customer_choice',
      callbackUrl: 'http://merchant.example.com/return',
      customer: { email: 'a@example.com' },
    },
  });
  expect(insecure.status).toBe(400);
  expect(errorBodySchema.parse(insecure.body).message).toContain('callbackUrl');
  const foreign = await sandbox.api('POST', '/api/v1/subscriptions', {
    body: {
      planId: plan.id,
      paymentMethod: 'customer_choice',
      customer: { email: 'a@example.com', phone: '+44 20 7946 0958' },
    },
  });
  expect(foreign.status).toBe(400);
  expect(errorBodySchema.parse(foreign.body).message).toContain('customer.phone');
  sandbox.close();
});
