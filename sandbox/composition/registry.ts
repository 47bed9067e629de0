/**
 * Every route handler, by route name (contract/routes.ts): each feature registers the routes it
 * serves in its `…-handlers.ts`; the type requires one handler for every route of the contract.
 */
import { brandingHandlers } from '../features/merchants/branding';
import { checkoutHandlers } from '../features/checkout/checkout-handlers';
import { invoicePaymentHandlers } from '../features/checkout/invoice-payment-handlers';
import { directDebitMerchantHandlers } from '../features/direct-debit/merchant-handlers';
import { setupHandlers } from '../features/direct-debit/setup-handlers';
import { paymentHandlers } from '../features/payments/payment-handlers';
import { payoutHandlers } from '../features/payouts/payout-handlers';
import { controlHandlers } from '../features/sandbox-controls/control-handlers';
import { subscriptionHandlers } from '../features/subscriptions/subscription-handlers';
import { webhookHandlers } from '../features/webhooks/webhook-handlers';
import { openApiHandlers } from '../features/openapi/openapi-document';
import { paymentReadHandlers } from '../features/payments/read-handlers';
import { payoutReadHandlers } from '../features/payouts/read-handlers';
import { payoutUseCaseHandlers } from '../features/payouts/use-cases';
import { requestLogHandlers } from '../features/request-log/request-log-handlers';
import { subscriptionMetricsHandlers } from '../features/subscriptions/metrics';
import { subscriptionReadHandlers } from '../features/subscriptions/read-handlers';
import { transactionHandlers } from '../features/transactions/transaction-handlers';
import { virtualAccountReadHandlers } from '../features/virtual-accounts/read-handlers';
import { withdrawalHandlers } from '../features/payouts/withdrawals';
import type { HandlerRegistry } from '../core/handler';

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
  ...subscriptionReadHandlers,
  ...subscriptionMetricsHandlers,
  ...paymentReadHandlers,
  ...virtualAccountReadHandlers,
  ...payoutReadHandlers,
  ...payoutUseCaseHandlers,
  ...transactionHandlers,
  ...openApiHandlers,
  ...requestLogHandlers,
  ...withdrawalHandlers,
  ...brandingHandlers,
};
