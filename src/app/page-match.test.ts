import { expect, test } from 'vitest';
import { matchPage } from './page-match';

test.each([
  ['/direct-debit/setup', { page: 'directDebitSetup' }],
  ['/direct-debit/setup/', { page: 'directDebitSetup' }],
  ['/Direct-Debit/Setup', { page: 'directDebitSetup' }],
  ['/checkout/osp_123', { page: 'checkout', paymentId: 'osp_123' }],
  ['/checkout/osp_123/', { page: 'checkout', paymentId: 'osp_123' }],
  ['/checkout/osp%20a%2Fb', { page: 'checkout', paymentId: 'osp a/b' }],
  ['/checkout/%E0%A4%A', { page: 'checkout', paymentId: '%E0%A4%A' }],
  ['/invoices/inv_9', { page: 'invoice', invoiceId: 'inv_9' }],
  ['/INVOICES/inv_9', { page: 'invoice', invoiceId: 'inv_9' }],
] as const)('%s opens its page', (pathname, expected) => {
  expect(matchPage(pathname)).toEqual(expected);
});

test.each([
  '/',
  '/checkout',
  '/checkout/',
  '/checkout/osp_1/customer',
  '/invoices/inv_1/pay',
  '/direct-debit/setup/banks',
  '/direct-debit',
  '/index.html',
  '/console',
  '/console/payments/osp_1',
  '/consoles',
])('%s is not a page', (pathname) => {
  expect(matchPage(pathname)).toEqual({ page: 'notFound' });
});
