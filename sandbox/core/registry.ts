/**
 * Every route handler, by route name (contract/routes.ts): each feature registers the routes it
 * serves in its `…-handlers.ts`; the type requires one handler for every route of the contract.
 */
import { checkoutHandlers } from '../features/checkout/checkout-handlers';
import { invoicePaymentHandlers } from '../features/checkout/invoice-payment-handlers';
import { directDebitMerchantHandlers } from '../features/direct-debit/merchant-handlers';
import { setupHandlers } from '../features/direct-debit/setup-handlers';
import { paymentHandlers } from '../features/payments/payment-handlers';
import { payoutHandlers } from '../features/payouts/payout-handlers';
import { controlHandlers } from '../features/sandbox-controls/control-handlers';
import { subscriptionHandlers } from '../features/subscriptions/subscription-handlers';
import { webhookHandlers } from '../features/webhooks/webhook-handlers';
import type { HandlerRegistry } from './handler';

/** The handler of every route of the contract. */
export const registry: Required<HandlerRegistry> = {
  ...subscriptionHandlers,
  ...directDebitMerchantHandlers,
  ...setupHandlers,
  ...webhookHandlers,
  ...payoutHandlers,
  ...paymentHandlers,
  ...checkoutHandlers,
  ...invoicePaymentHandlers,
  ...controlHandlers,
};
