/**
 * `POST /checkout/:paymentId/customer` (service-api.md, "Hosted checkout"), authorized by
 * `x-checkout-token`: alone in its module so that only the checkout's details step downloads its
 * phone parser (docs/decisions/0018-first-load-bytes.md).
 */
import * as checkout from './checkout';
import { checkoutCustomerRequestSchema } from './checkout-customer';
import { route, type RouteDef } from './route';

export const checkoutCustomerRoutes = {
  submitCheckoutCustomer: route({
    method: 'POST',
    path: '/checkout/:paymentId/customer',
    auth: 'checkoutToken',
    idempotent: true,
    hostedIdempotency: 'replay',
    request: checkoutCustomerRequestSchema,
    response: checkout.checkoutStateResponseSchema,
  }),
} as const satisfies Record<string, RouteDef>;
