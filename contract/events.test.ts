import { expect, test } from 'vitest';
import { isRecordedEvent, webhookEventSchema } from './events';

const envelope = { id: 'evt_abc123', mode: 'test', createdAt: '2026-11-23T10:00:00.000Z' };
const settlement = {
  id: 'stl_1',
  mode: 'test',
  amount: 1500.5,
  currency: 'NGN',
  status: 'completed',
  availableBalance: 1500.5,
  createdAt: '2026-11-23T10:00:00.000Z',
};

test('an event parses with the data of its kind, and only the documented fields are kept', () => {
  const event = webhookEventSchema.parse({
    ...envelope,
    type: 'settlement.completed',
    data: { ...settlement, internalNote: 'not part of the payload' },
  });
  expect(event.data).toEqual(settlement);
  expect(isRecordedEvent(event, 'settlement.completed')).toBe(true);
  expect(isRecordedEvent(event, 'payout.successful')).toBe(false);
});

test('data of another kind, or a sample without its mark, is refused', () => {
  expect(
    webhookEventSchema.safeParse({ ...envelope, type: 'payment.success', data: settlement })
      .success,
  ).toBe(false);
  const sampleData = { sample: true, description: 'A test event' };
  expect(
    webhookEventSchema.safeParse({ ...envelope, type: 'payment.success', data: sampleData })
      .success,
  ).toBe(false);
  const sample = webhookEventSchema.parse({
    ...envelope,
    type: 'payment.success',
    data: sampleData,
    sample: true,
  });
  expect(isRecordedEvent(sample, 'payment.success')).toBe(false);
});

test('a transaction event with a field added later still parses, keeping the documented ones', () => {
  const transaction = {
    id: 'trn_1',
    type: 'transfer',
    direction: 'credit',
    amount: 5000,
    currency: 'NGN',
    reference: 'NIP-123',
    virtualAccountId: 'va_1',
    paymentId: 'osp_1',
    invoiceId: null,
    mandateId: null,
    payoutId: null,
    senderName: 'TUNDE',
    createdAt: '2026-11-23T10:00:00.000Z',
  };
  const event = webhookEventSchema.parse({
    ...envelope,
    type: 'transaction.created',
    data: { ...transaction, channel: 'nip' },
  });
  expect(event.data).toEqual(transaction);
});
