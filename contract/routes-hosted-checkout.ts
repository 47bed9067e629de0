/**
 * The hosted checkout reads and "Pay now" (service-api.md, "Hosted checkout"; product.md,
 * "Checkout pages"), authorized by `x-checkout-token`: what the checkout and invoice pages need on
 * their first load, without the phone parser (docs/decisions/0018-first-load-bytes.md). The payer's
 * details are in routes-checkout-customer.ts; routes-checkout.ts joins both for the sandbox.
 */
import * as checkout from './checkout';
import { hostedReadPaths } from './hosted-reads';
import { route, type RouteDef } from './route';

export const hostedCheckoutRoutes = {
  getCheckout: route({
    method: 'GET',
    path: hostedReadPaths.getCheckout,
    auth: 'checkoutToken',
    idempotent: false,
    response: checkout.checkoutStateResponseSchema,
  }),
  getInvoicePage: route({
    method: 'GET',
    path: hostedReadPaths.getInvoice,
    auth: 'checkoutToken',
    idempotent: false,
    response: checkout.invoiceStateResponseSchema,
  }),
  payInvoice: route({
    method: 'POST',
    path: '/invoices/:invoiceId/pay',
    auth: 'checkoutToken',
    idempotent: true,
    hostedIdempotency: 'replay',
    request: checkout.invoicePayRequestSchema,
    response: checkout.invoicePayResponseSchema,
  }),
} as const satisfies Record<string, RouteDef>;
