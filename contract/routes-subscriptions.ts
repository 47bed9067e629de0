/**
 * Merchant subscription routes (service-api.md, "Subscriptions" and "Invoices"): plans,
 * subscriptions, invoices and invoice payment. Secret-key auth; every create is idempotent.
 */
import * as subs from './subscriptions';
import { route, type RouteDef } from './route';

export const subscriptionRoutes = {
  createPlan: route({
    method: 'POST',
    path: '/api/v1/subscriptions/plans',
    auth: 'secretKey',
    scope: 'subscriptions:write',
    idempotent: true,
    success: [201],
    request: subs.planCreateRequestSchema,
    response: subs.planResponseSchema,
  }),
  createSubscription: route({
    method: 'POST',
    path: '/api/v1/subscriptions',
    auth: 'secretKey',
    scope: 'subscriptions:write',
    idempotent: true,
    success: [201],
    request: subs.subscriptionCreateRequestSchema,
    response: subs.subscriptionResponseSchema,
  }),
  createInvoicePayment: route({
    method: 'POST',
    path: '/api/v1/subscriptions/invoices/:invoiceId/payment',
    auth: 'secretKey',
    scope: 'subscriptions:write',
    idempotent: true,
    success: [200, 201],
    request: subs.invoicePaymentRequestSchema,
    response: subs.invoiceResponseSchema,
  }),
  /** Ours (reads are "not shown"): the subscription with its most recent invoice. */
  getSubscription: route({
    method: 'GET',
    path: '/api/v1/subscriptions/:subscriptionId',
    auth: 'secretKey',
    scope: 'subscriptions:read',
    idempotent: false,
    response: subs.subscriptionResponseSchema,
  }),
  /** Ours: one invoice with its checkout links. */
  getInvoice: route({
    method: 'GET',
    path: '/api/v1/subscriptions/invoices/:invoiceId',
    auth: 'secretKey',
    scope: 'subscriptions:read',
    idempotent: false,
    response: subs.invoiceResponseSchema,
  }),
} as const satisfies Record<string, RouteDef>;
