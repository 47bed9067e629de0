import { afterEach, expect, test } from 'vitest';
import type { Interval } from '../../../contract/common';
import { errorBodySchema } from '../../../contract/errors';
import { paymentResponseSchema } from '../../../contract/payments';
import { subscriptionMetricsResponseSchema } from '../../../contract/subscription-metrics';
import { invoiceResponseSchema, invoiceSchema } from '../../../contract/subscriptions';
import { listResponse } from '../../../contract/paging';
import { createTestSandbox, type TestSandbox } from '../../testing/test-sandbox';
import { advance, createTestSubscription, ok, transfer } from '../../testing/checkout-testing';

const day = 24 * 3600;
// 2026-05-01 10:00 in Lagos.
const start = new Date('2026-05-01T09:00:00Z');

const sandboxes: TestSandbox[] = [];
afterEach(() => {
  for (const sandbox of sandboxes.splice(0)) sandbox.close();
});

async function metrics(sandbox: TestSandbox, key?: string) {
  const body = await ok(
    sandbox.api('GET', '/api/v1/subscriptions/metrics', key === undefined ? {} : { key }),
  );
  const { activeSubscribers, mrr, arr } = subscriptionMetricsResponseSchema.parse(body).data;
  return { activeSubscribers, mrr, arr };
}

async function payByTransfer(sandbox: TestSandbox, authorizationUrl: string | null) {
  const paymentId = /\/checkout\/(osp_[0-9a-f]+)#/.exec(authorizationUrl ?? '')?.[1] ?? '';
  const payment = paymentResponseSchema.parse(
    await ok(sandbox.api('GET', `/api/v1/payments/${paymentId}`)),
  ).data;
  await ok(transfer(sandbox, payment.virtualAccount.id, payment.amount));
}

async function subscribe(
  sandbox: TestSandbox,
  amount: number,
  interval: Interval,
  startDate?: string,
) {
  return createTestSubscription(sandbox, {
    amount,
    interval,
    ...(startDate === undefined ? {} : { startDate }),
  });
}

test('MRR and ARR count only active subscriptions, normalized to a month, as the test clock moves', async () => {
  const sandbox = createTestSandbox({ start });
  sandboxes.push(sandbox);
  expect(await metrics(sandbox)).toEqual({ activeSubscribers: 0, mrr: 0, arr: 0 });

  const weekly = await subscribe(sandbox, 1200, 'weekly');
  const monthly = await subscribe(sandbox, 15000, 'monthly');
  const quarterly = await subscribe(sandbox, 30000, 'quarterly', '2026-05-03');
  await subscribe(sandbox, 120000, 'yearly'); // never paid: pending_activation throughout
  // Every one is pending_activation: none is counted.
  expect(await metrics(sandbox)).toEqual({ activeSubscribers: 0, mrr: 0, arr: 0 });

  await payByTransfer(sandbox, weekly.invoice.authorizationUrl);
  await payByTransfer(sandbox, monthly.invoice.authorizationUrl);
  await payByTransfer(sandbox, quarterly.invoice.authorizationUrl);
  // Weekly ₦1,200 is ₦5,200 a month; the quarterly one is paid but starts on 2026-05-03.
  expect(await metrics(sandbox)).toEqual({ activeSubscribers: 2, mrr: 20200, arr: 242400 });
  // Live mode has its own figures.
  expect(await metrics(sandbox, sandbox.credentials.liveSecretKey)).toEqual({
    activeSubscribers: 0,
    mrr: 0,
    arr: 0,
  });

  await advance(sandbox, 2 * day); // 2026-05-03: the quarterly one activates (₦10,000 a month)
  expect(await metrics(sandbox)).toEqual({ activeSubscribers: 3, mrr: 30200, arr: 362400 });

  // The weekly renewal (due 2026-05-08) stays unpaid past its grace: the subscription expires.
  await advance(sandbox, 13 * day); // 2026-05-16
  expect(await metrics(sandbox)).toEqual({ activeSubscribers: 2, mrr: 25000, arr: 300000 });

  // The monthly renewal is paid on its due date: still counted after the grace has passed.
  await advance(sandbox, 16 * day); // 2026-06-01
  const pending = listResponse(invoiceSchema).parse(
    await ok(
      sandbox.api(
        'GET',
        `/api/v1/subscriptions/invoices?subscription_id=${monthly.id}&status=pending`,
      ),
    ),
  ).data;
  expect(pending.map((invoice) => invoice.dueDate)).toEqual(['2026-06-01']);
  const checkout = invoiceResponseSchema.parse(
    await ok(
      sandbox.api('POST', `/api/v1/subscriptions/invoices/${pending[0]?.id ?? ''}/payment`, {
        body: { callbackUrl: 'https://merchant.example/billing/return' },
      }),
    ),
  ).data;
  await payByTransfer(sandbox, checkout.authorizationUrl);
  await advance(sandbox, 10 * day); // 2026-06-11
  expect(await metrics(sandbox)).toEqual({ activeSubscribers: 2, mrr: 25000, arr: 300000 });
});

test('the figures need subscriptions:read', async () => {
  const sandbox = createTestSandbox({ start });
  sandboxes.push(sandbox);
  const result = await sandbox.api('GET', '/api/v1/subscriptions/metrics', {
    key: sandbox.issueKey({ scopes: ['subscriptions:write'] }),
  });
  expect(result.status).toBe(403);
  expect(errorBodySchema.parse(result.body).code).toBe('INSUFFICIENT_SCOPE');
});
