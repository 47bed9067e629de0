/**
 * The hosted checkout API behind the payment checkout and invoice pages (product.md, "Links and
 * tokens", "Checkout pages"; contract/checkout.ts). Authorized by the link's capability token in
 * `x-checkout-token` ({@link authenticateCheckoutToken}); a payment link opens only its payment,
 * an invoice link only its invoice.
 */
import { z } from 'zod';
import { errorCodes } from '../../../contract/errors';
import { koboToNaira } from '../../../contract/money';
import { returnUrlOrNull } from '../../../contract/return-url';
import { ApiError } from '../../core/api-error';
import { hashCapabilityToken } from '../../core/capability-tokens';
import type {
  CheckoutLinkCaller,
  HandlerContext,
  HandlerRegistry,
  HandlerResult,
} from '../../core/handler';
import { execute, queryOne, type Db } from '../../db/database';
import { getHostedMerchant } from '../merchants/merchants';
import {
  checkoutUrl,
  getPaymentRow,
  renderCheckoutState,
  billingContextOf,
} from '../payments/payments';
import {
  checkoutInvoiceOf,
  ensureInvoicePayment,
  getInvoiceRow,
  getSubscriptionRow,
  invoiceView,
} from '../subscriptions/invoices';
import { planOfSubscription } from '../subscriptions/records';
import { assertNoDebitInFlight, debitInFlight } from '../direct-debit/renewal-debits';

// Row schemas built once: building a zod object costs far more than parsing with it.
const tokenPaymentRowSchema = z.object({
  id: z.string(),
  merchant_id: z.string(),
  mode: z.enum(['test', 'live']),
});
const tokenLinkRowSchema = z.object({
  invoice_id: z.string().nullable(),
  merchant_id: z.string(),
  mode: z.enum(['test', 'live']),
});

// 32 bytes in base64url without padding.
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

function invalidLink(): ApiError {
  return new ApiError(401, 'This payment link is not valid', {
    code: errorCodes.invalidCheckoutLink,
  });
}

/**
 * The checkout or invoice link behind an `x-checkout-token` value.
 * @throws ApiError 401 INVALID_CHECKOUT_LINK when missing, malformed or unknown.
 */
export function authenticateCheckoutToken(db: Db, token: string | null): CheckoutLinkCaller {
  if (token === null || !tokenPattern.test(token)) throw invalidLink();
  const hash = hashCapabilityToken(token);
  const payment = queryOne(
    db,
    'SELECT id, merchant_id, mode FROM payments WHERE token_hash = ?',
    [hash],
    tokenPaymentRowSchema,
  );
  if (payment !== null) {
    return {
      merchantId: payment.merchant_id,
      mode: payment.mode,
      paymentId: payment.id,
      invoiceId: null,
    };
  }
  const link = queryOne(
    db,
    'SELECT invoice_id, merchant_id, mode FROM checkout_links WHERE token_hash = ?',
    [hash],
    tokenLinkRowSchema,
  );
  if (link === null || link.invoice_id === null) throw invalidLink();
  return {
    merchantId: link.merchant_id,
    mode: link.mode,
    paymentId: null,
    invoiceId: link.invoice_id,
  };
}

function paymentOfCaller(context: { caller: CheckoutLinkCaller; params: { paymentId: string } }) {
  if (context.caller.paymentId !== context.params.paymentId) throw invalidLink();
  return context.caller.paymentId;
}

function invoiceOfCaller(context: { caller: CheckoutLinkCaller; params: { invoiceId: string } }) {
  if (context.caller.invoiceId !== context.params.invoiceId) throw invalidLink();
  return context.caller.invoiceId;
}

/** `GET /checkout/:paymentId`: the checkout state (remaining seconds by the sandbox clock). */
function getCheckout(context: HandlerContext<'getCheckout'>): HandlerResult<'getCheckout'> {
  const { db } = context.services;
  const row = getPaymentRow(db, paymentOfCaller(context));
  return {
    status: 200,
    body: { data: renderCheckoutState(db, row, context.now, checkoutInvoiceOf(db, row)) },
  };
}

/**
 * `POST /checkout/:paymentId/customer`: fills the payer's missing e-mail and/or phone (E.164).
 * @throws ApiError 400 VALIDATION_FAILED when a missing detail is not given; 409 CONFLICT when a
 *   detail the payment already has is given with another value, or the payment is not pending.
 */
function submitCheckoutCustomer(
  context: HandlerContext<'submitCheckoutCustomer'>,
): HandlerResult<'submitCheckoutCustomer'> {
  const { db } = context.services;
  const row = getPaymentRow(db, paymentOfCaller(context));
  if (row.status !== 'pending') {
    throw new ApiError(409, 'This payment is no longer waiting for a transfer', {
      code: errorCodes.conflict,
    });
  }
  const { email, phone } = context.body;
  const missing: string[] = [];
  if (row.customer_email === null && email === undefined) missing.push('email');
  if (row.customer_phone === null && phone === undefined) missing.push('phone');
  if (missing.length > 0) {
    throw new ApiError(400, `Missing details: ${missing.join(', ')}`, {
      code: errorCodes.validationFailed,
    });
  }
  const clash =
    (email !== undefined && row.customer_email !== null && row.customer_email !== email) ||
    (phone !== undefined && row.customer_phone !== null && row.customer_phone !== phone);
  if (clash) {
    throw new ApiError(409, 'These details were already given for this payment', {
      code: errorCodes.conflict,
    });
  }
  for (const table of ['payments', 'virtual_accounts'] as const) {
    execute(
      db,
      `UPDATE ${table} SET customer_email = COALESCE(customer_email, ?),
         customer_phone = COALESCE(customer_phone, ?) WHERE id = ?`,
      [email ?? null, phone ?? null, table === 'payments' ? row.id : row.virtual_account_id],
    );
  }
  return {
    status: 200,
    body: {
      data: renderCheckoutState(
        db,
        getPaymentRow(db, row.id),
        context.now,
        checkoutInvoiceOf(db, row),
      ),
    },
  };
}

/** `GET /invoices/:invoiceId`: the invoice page's state, in its subscription's preferred language. */
function getInvoicePage(
  context: HandlerContext<'getInvoicePage'>,
): HandlerResult<'getInvoicePage'> {
  const { db } = context.services;
  const invoice = getInvoiceRow(db, invoiceOfCaller(context));
  const subscription = getSubscriptionRow(db, invoice.subscription_id);
  const plan = planOfSubscription(db, subscription);
  const view = invoiceView(db, invoice, billingContextOf(context));
  return {
    status: 200,
    body: {
      data: {
        mode: invoice.mode,
        merchant: getHostedMerchant(db, invoice.merchant_id),
        preferredLanguage: subscription.preferred_language,
        invoice: {
          id: invoice.id,
          status: invoice.status,
          amount: koboToNaira(invoice.amount_kobo),
          currency: 'NGN',
          planName: plan.name,
          interval: plan.interval,
          periodStart: invoice.period_start,
          periodEnd: invoice.period_end,
          dueDate: invoice.due_date,
          paidAt: invoice.paid_at,
        },
        authorizationUrl: view.authorizationUrl,
        debitInProgress: debitInFlight(db, invoice.id),
        returnUrl: returnUrlOrNull(invoice.callback_url),
        serverTime: context.now.toISOString(),
      },
    },
  };
}

/**
 * `POST /invoices/:invoiceId/pay` ("Pay now"): the open payment of the invoice, or a new one.
 * @throws ApiError 409 INVOICE_ALREADY_PAID; 409 DEBIT_IN_PROGRESS while a mandate debit of the
 *   invoice is submitted or unknown.
 */
function payInvoice(context: HandlerContext<'payInvoice'>): HandlerResult<'payInvoice'> {
  const { db, publicOrigin } = context.services;
  const invoice = getInvoiceRow(db, invoiceOfCaller(context));
  if (invoice.status === 'paid') {
    throw new ApiError(409, 'This invoice is already paid', {
      code: errorCodes.invoiceAlreadyPaid,
    });
  }
  assertNoDebitInFlight(db, invoice.id);
  const billing = billingContextOf(context);
  const { payment } = ensureInvoicePayment(db, invoice, billing);
  return {
    status: 200,
    body: { data: { authorizationUrl: checkoutUrl(publicOrigin, payment, billing.tokens) } },
  };
}

/** Handlers of the hosted checkout API, by route name. */
export const checkoutHandlers = {
  getCheckout: { run: getCheckout },
  submitCheckoutCustomer: { run: submitCheckoutCustomer },
  getInvoicePage: { run: getInvoicePage },
  payInvoice: { run: payInvoice },
} satisfies HandlerRegistry;
