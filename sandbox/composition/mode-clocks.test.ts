/**
 * The test clock moves test mode only (docs/decisions/0004-time-and-due-work.md): live records,
 * live requests and live due work keep the base clock.
 */
import { expect, test } from 'vitest';
import {
  subscriptionMandateResponseSchema,
  setupLinkResponseSchema,
} from '../../contract/direct-debit';
import { nairaToKobo } from '../../contract/money';
import { nubanCheckDigit } from '../../contract/nuban';
import { paymentResponseSchema, type Payment } from '../../contract/payments';
import { clockResponseSchema } from '../../contract/sandbox-controls';
import { subscriptionResponseSchema, type Subscription } from '../../contract/subscriptions';
import { atomically } from '../db/database';
import {
  advance,
  createTestPayment,
  createTestSubscription,
  allEventsOf,
  eventsOf,
  ok,
  tokenOf,
  transfer,
} from '../testing/checkout-testing';
import { testAccountBankId } from '../features/direct-debit/test-accounts';
import { receiveTransfer } from '../features/checkout/transfers';
import { getVirtualAccountRow } from '../features/virtual-accounts/virtual-accounts';
import { createTestSandbox, type TestSandbox } from '../testing/test-sandbox';
import { deriveCapabilityToken } from '../core/capability-tokens';

const minute = 60;
const day = 24 * 3600;
// 2026-05-01 10:00 in Lagos.
const start = new Date('2026-05-01T09:00:00Z');
const linkSecret = 'mode-clocks-test-link-secret-0123456789';
const callbackUrl = 'https://merchant.example.com/billing/return';
// A valid GTBank NUBAN that is not one of the test accounts.
const liveAccountNumber = `246813579${nubanCheckDigit('058', '246813579')}`;

function sandboxWithKnownSecret(): TestSandbox {
  return createTestSandbox({ start, linkSecret });
}

async function readPayment(sandbox: TestSandbox, id: string, key?: string): Promise<Payment> {
  return paymentResponseSchema.parse(
    await ok(sandbox.api('GET', `/api/v1/payments/${id}`, { key })),
  ).data;
}

async function readSubscription(
  sandbox: TestSandbox,
  id: string,
  key?: string,
): Promise<Subscription> {
  return subscriptionResponseSchema.parse(
    await ok(sandbox.api('GET', `/api/v1/subscriptions/${id}`, { key })),
  ).data;
}

/**
 * A live inbound transfer, as the live bank would send it: the sandbox's transfer control is
 * test-only, so the test plays the provider's credit directly, at the live (base) clock's now.
 */
function liveBankTransfer(sandbox: TestSandbox, virtualAccountId: string, amount: number): void {
  const { db, clocks, publicOrigin } = sandbox.sandbox;
  atomically(db, () =>
    receiveTransfer(
      db,
      getVirtualAccountRow(db, virtualAccountId),
      { amountKobo: nairaToKobo(amount), senderName: 'CHIOMA OKAFOR' },
      {
        now: clocks.live.now(),
        publicOrigin,
        tokens: (linkId, version) =>
          deriveCapabilityToken(Buffer.from(linkSecret, 'utf8'), linkId, version),
        windowSeconds: 1800,
      },
    ),
  );
}

test('advancing the test clock 31 minutes expires a test payment but leaves a live payment pending', async () => {
  const sandbox = sandboxWithKnownSecret();
  const liveKey = sandbox.credentials.liveSecretKey;
  const testPayment = await createTestPayment(sandbox);
  const livePayment = await createTestPayment(sandbox, {}, liveKey);
  expect(livePayment.expiresAt).toBe(testPayment.expiresAt);

  await advance(sandbox, 31 * minute);

  const testAfter = await readPayment(sandbox, testPayment.id);
  expect(testAfter.status).toBe('expired');
  expect(testAfter.virtualAccount.status).toBe('EXPIRED');
  const liveAfter = await readPayment(sandbox, livePayment.id, liveKey);
  expect(liveAfter.status).toBe('pending');
  expect(liveAfter.virtualAccount.status).toBe('ACTIVE');
  expect(liveAfter.expiresAt).toBe(livePayment.expiresAt);
  const failed = eventsOf(sandbox, 'payment.failed');
  expect(failed.map((event) => [event.mode, event.data.id])).toEqual([['test', testPayment.id]]);

  // A late test transfer is refused; the live account still takes the payer's money.
  expect((await transfer(sandbox, testPayment.virtualAccount.id, 5000)).status).toBe(409);
  liveBankTransfer(sandbox, livePayment.virtualAccount.id, 5000);
  expect((await readPayment(sandbox, livePayment.id, liveKey)).status).toBe('paid');

  // New records take the time of their own mode: test is 31 minutes ahead, live is not.
  const testLater = await createTestPayment(sandbox);
  const liveLater = await createTestPayment(sandbox, {}, liveKey);
  expect(Date.parse(testLater.createdAt) - Date.parse(liveLater.createdAt)).toBe(
    31 * minute * 1000,
  );
  const clock = clockResponseSchema.parse(await ok(sandbox.api('GET', '/sandbox/v1/clock'))).data;
  expect(clock).toEqual({ now: testLater.createdAt, offsetSeconds: 31 * minute });

  // When the real time catches up, the live window ends as it should.
  sandbox.clock.advanceBy(31 * minute * 1000);
  await ok(sandbox.api('GET', '/sandbox/v1/clock'));
  expect((await readPayment(sandbox, liveLater.id, liveKey)).status).toBe('expired');
  sandbox.close();
});

test('live mandates, setup links and renewals do not move with the test clock', async () => {
  const sandbox = sandboxWithKnownSecret();
  const liveKey = sandbox.credentials.liveSecretKey;
  // A live subscription whose initial invoice the customer paid by bank transfer.
  const live = await createTestSubscription(sandbox, { key: liveKey, callbackUrl });
  const livePaymentId = /\/checkout\/(osp_[0-9a-f]+)#/.exec(
    live.invoice.authorizationUrl ?? '',
  )?.[1];
  const livePayment = await readPayment(sandbox, livePaymentId ?? '', liveKey);
  liveBankTransfer(sandbox, livePayment.virtualAccount.id, livePayment.amount);
  const active = await readSubscription(sandbox, live.id, liveKey);
  expect(active).toMatchObject({ status: 'active', nextBillingDate: '2026-06-01' });
  const renewal = active.invoice;
  expect(renewal).toMatchObject({ kind: 'renewal', dueDate: '2026-06-01', status: 'pending' });

  // The customer authorizes a live mandate: the bank answers after the approval delay (3 s).
  await ok(
    sandbox.api('PUT', '/sandbox/v1/direct-debit/config', {
      key: liveKey,
      body: { enabled: true },
    }),
  );
  const link = setupLinkResponseSchema.parse(
    await ok(
      sandbox.api('POST', `/api/v1/subscriptions/${live.id}/direct-debit`, {
        key: liveKey,
        body: {},
      }),
    ),
  ).data;
  const token = tokenOf(link.setupUrl);
  await ok(
    sandbox.setupApi('POST', '/direct-debit/setup', token, {
      bankId: testAccountBankId,
      bankAccountNumber: liveAccountNumber,
      consent: true,
    }),
  );
  const mandateOf = async () =>
    subscriptionMandateResponseSchema.parse(
      await ok(
        sandbox.api('GET', `/api/v1/subscriptions/${live.id}/direct-debit`, { key: liveKey }),
      ),
    ).data;
  expect((await mandateOf())?.status).toBe('pending');

  // 40 days of test time: past the live renewal's due date and its 7-day grace, past the live
  // setup link's 30-day life, far past the live mandate's approval.
  await advance(sandbox, 40 * day);
  expect((await mandateOf())?.status).toBe('pending');
  expect((await sandbox.setupApi('GET', '/direct-debit/setup', token)).status).toBe(200);
  const untouched = await readSubscription(sandbox, live.id, liveKey);
  expect(untouched).toMatchObject({
    status: 'active',
    currentPeriodStart: '2026-05-01',
    nextBillingDate: '2026-06-01',
    invoice: { id: renewal.id, status: 'pending' },
  });
  const liveEvents = allEventsOf(sandbox).filter((event) => event.mode === 'live');
  expect(liveEvents.map((event) => event.type)).not.toContain('subscription.expired');
  expect(liveEvents.map((event) => event.type)).not.toContain('subscription.renewed');

  // Three real seconds later the live bank approves the mandate.
  sandbox.clock.advanceBy(3000);
  expect((await mandateOf())?.status).toBe('approved');
  sandbox.close();
});

test('a test subscription renews by the test clock while a live twin waits for real time', async () => {
  const sandbox = sandboxWithKnownSecret();
  const liveKey = sandbox.credentials.liveSecretKey;
  const twins = await Promise.all([
    createTestSubscription(sandbox, { callbackUrl }),
    createTestSubscription(sandbox, { key: liveKey, callbackUrl }),
  ]);
  const [testSub, liveSub] = twins;
  const testPayment = await readPayment(
    sandbox,
    /\/checkout\/(osp_[0-9a-f]+)#/.exec(testSub.invoice.authorizationUrl ?? '')?.[1] ?? '',
  );
  await ok(transfer(sandbox, testPayment.virtualAccount.id, testPayment.amount));
  const livePayment = await readPayment(
    sandbox,
    /\/checkout\/(osp_[0-9a-f]+)#/.exec(liveSub.invoice.authorizationUrl ?? '')?.[1] ?? '',
    liveKey,
  );
  liveBankTransfer(sandbox, livePayment.virtualAccount.id, livePayment.amount);

  // Test mode: 38 days on, the unpaid renewal (due 2026-06-01) has lapsed.
  await advance(sandbox, 38 * day);
  expect((await readSubscription(sandbox, testSub.id)).status).toBe('expired');
  expect((await readSubscription(sandbox, liveSub.id, liveKey)).status).toBe('active');
  const expired = eventsOf(sandbox, 'subscription.expired');
  expect(expired.map((event) => [event.mode, event.data.id])).toEqual([['test', testSub.id]]);
  sandbox.close();
});
