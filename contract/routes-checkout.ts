/**
 * Payments, virtual accounts and hosted checkout routes (service-api.md, "Payments", "Virtual
 * accounts", "Hosted checkout"), and the sandbox controls that drive them (transfers, test clock;
 * test-mode keys only). Hosted routes are authorized by `x-checkout-token`.
 */
import * as payments from './payments';
import * as controls from './sandbox-controls';
import * as subs from './subscriptions';
import * as va from './virtual-accounts';
import { route, type RouteDef } from './route';
import { checkoutCustomerRoutes } from './routes-checkout-customer';
import { hostedCheckoutRoutes } from './routes-hosted-checkout';

export const checkoutRoutes = {
  createPayment: route({
    method: 'POST',
    path: '/api/v1/payments',
    auth: 'secretKey',
    idempotent: true,
    success: [201],
    request: payments.paymentCreateRequestSchema,
    response: payments.paymentResponseSchema,
  }),
  getPayment: route({
    method: 'GET',
    path: '/api/v1/payments/:paymentId',
    auth: 'secretKey',
    idempotent: false,
    response: payments.paymentResponseSchema,
  }),
  createReservedAccount: route({
    method: 'POST',
    path: '/api/v1/virtual-accounts/reserved',
    auth: 'secretKey',
    idempotent: true,
    success: [200, 201],
    request: va.reservedAccountRequestSchema,
    response: va.virtualAccountResponseSchema,
  }),
  createDynamicAccount: route({
    method: 'POST',
    path: '/api/v1/virtual-accounts/dynamic',
    auth: 'secretKey',
    idempotent: true,
    success: [201],
    request: va.dynamicAccountRequestSchema,
    response: va.virtualAccountResponseSchema,
  }),
  ...hostedCheckoutRoutes,
  ...checkoutCustomerRoutes,
  simulateTransfer: route({
    method: 'POST',
    path: '/sandbox/v1/virtual-accounts/:virtualAccountId/transfers',
    auth: 'secretKey',
    scope: 'sandbox:controls',
    idempotent: false,
    success: [201],
    testOnly: true,
    request: controls.simulateTransferRequestSchema,
    response: va.virtualAccountResponseSchema,
  }),
  expireVirtualAccount: route({
    method: 'POST',
    path: '/sandbox/v1/virtual-accounts/:virtualAccountId/expire',
    auth: 'secretKey',
    scope: 'sandbox:controls',
    idempotent: false,
    testOnly: true,
    request: controls.expireVirtualAccountRequestSchema,
    response: va.virtualAccountResponseSchema,
  }),
  getClock: route({
    method: 'GET',
    path: '/sandbox/v1/clock',
    auth: 'secretKey',
    scope: 'sandbox:controls',
    idempotent: false,
    testOnly: true,
    response: controls.clockResponseSchema,
  }),
  advanceClock: route({
    method: 'POST',
    path: '/sandbox/v1/clock/advance',
    auth: 'secretKey',
    scope: 'sandbox:controls',
    idempotent: false,
    testOnly: true,
    request: controls.advanceClockRequestSchema,
    response: controls.clockResponseSchema,
  }),
  reconcileDebit: route({
    method: 'POST',
    path: '/sandbox/v1/invoices/:invoiceId/debit/reconcile',
    auth: 'secretKey',
    scope: 'sandbox:controls',
    idempotent: false,
    testOnly: true,
    request: controls.reconcileDebitRequestSchema,
    response: subs.invoiceResponseSchema,
  }),
} as const satisfies Record<string, RouteDef>;
