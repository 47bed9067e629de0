import { expect, test } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api-client';
import {
  awaitsResult,
  invoicePageState,
  type InvoicePageInput,
  type PayStatus,
} from './page-state';
import { invoiceStateFixture, paidInvoiceFixture } from './test-fixtures';

const pending = invoiceStateFixture();
const paid = paidInvoiceFixture();
const token = { kind: 'token' } as const;
const idle: PayStatus = { kind: 'idle' };
const apiError = (status: number, code: string | null = null) =>
  new ApiError({ status, code, message: 'x', requestId: 'req_1', retryAfterSeconds: null });

test.each<[string, InvoicePageInput, Record<string, unknown>]>([
  [
    'no token',
    { token: { kind: 'missing' }, data: undefined, error: null, pay: idle },
    { kind: 'invalidLink', reason: 'missing', merchant: null },
  ],
  [
    'a malformed token',
    { token: { kind: 'malformed' }, data: undefined, error: null, pay: idle },
    { kind: 'invalidLink', reason: 'malformed' },
  ],
  [
    'waiting for the first answer',
    { token, data: undefined, error: null, pay: idle },
    { kind: 'loading' },
  ],
  [
    'a pending invoice',
    { token, data: pending, error: null, pay: idle },
    { kind: 'pending', invoice: pending, pay: idle },
  ],
  [
    'a paid invoice',
    { token, data: paid, error: null, pay: idle },
    { kind: 'paid', invoice: paid },
  ],
  [
    'a paid invoice, whatever "Pay now" did',
    {
      token,
      data: paid,
      error: null,
      pay: { kind: 'failed', failure: { kind: 'network' }, unanswered: 'noAnswer' },
    },
    { kind: 'paid' },
  ],
  [
    'an unknown link',
    { token, data: undefined, error: apiError(401, 'INVALID_CHECKOUT_LINK'), pay: idle },
    { kind: 'invalidLink', reason: 'unknown', requestId: 'req_1' },
  ],
  [
    'an expired link',
    { token, data: undefined, error: apiError(410), pay: idle },
    { kind: 'invalidLink', reason: 'expired' },
  ],
  [
    'a link refused on "Pay now"',
    {
      token,
      data: pending,
      error: null,
      pay: {
        kind: 'failed',
        failure: { kind: 'invalidLink', reason: 'expired', requestId: 'req_2' },
        unanswered: null,
      },
    },
    {
      kind: 'invalidLink',
      reason: 'expired',
      requestId: 'req_2',
      merchant: pending.merchant,
      mode: 'test',
    },
  ],
  [
    'a server error on the first read',
    { token, data: undefined, error: apiError(500), pay: idle },
    { kind: 'failure', failure: { kind: 'unexpected', status: 500, requestId: 'req_1' } },
  ],
  [
    'no answer on the first read',
    { token, data: undefined, error: new NetworkError(), pay: idle },
    { kind: 'failure', failure: { kind: 'network' } },
  ],
  [
    'an unexpected 409 on a read',
    { token, data: undefined, error: apiError(409), pay: idle },
    { kind: 'failure', failure: { kind: 'unexpected', requestId: 'req_1' } },
  ],
  [
    'a failed background re-read (the invoice stays)',
    { token, data: pending, error: new NetworkError(), pay: idle },
    { kind: 'pending' },
  ],
  [
    '"Pay now" in flight',
    { token, data: pending, error: null, pay: { kind: 'paying' } },
    { kind: 'pending', pay: { kind: 'paying' } },
  ],
  [
    '"Pay now" failed',
    {
      token,
      data: pending,
      error: null,
      pay: { kind: 'failed', failure: { kind: 'network' }, unanswered: 'noAnswer' },
    },
    { kind: 'pending', pay: { kind: 'failed' } },
  ],
  [
    '"Pay now" got a bad address',
    { token, data: pending, error: null, pay: { kind: 'badAddress' } },
    { kind: 'pending', pay: { kind: 'badAddress' } },
  ],
])('%s', (_name, input, expected) => {
  expect(invoicePageState(input)).toMatchObject(expected);
});

test.each([
  ['a pending invoice with nothing under way', invoiceStateFixture(), false],
  ['a debit with the bank', invoiceStateFixture({ debitInProgress: true }), true],
  [
    'an open checkout payment',
    invoiceStateFixture({ authorizationUrl: '/checkout/osp_1#token=x' }),
    true,
  ],
  ['a paid invoice', paidInvoiceFixture(), false],
  [
    'a paid invoice whose data still says a debit was under way',
    invoiceStateFixture({ invoice: { status: 'paid' }, debitInProgress: true }),
    false,
  ],
])('the page checks again by itself for %s: %s', (_name, state, expected) => {
  expect(awaitsResult(state)).toBe(expected);
});
