/**
 * Checkout payments (`osp_…`; service-api.md, "Payment (create request)", Payments endpoints;
 * contract/payments.ts; docs/decisions/0010-checkout-and-renewals.md).
 *
 * Creating a payment creates a dynamic virtual account bound to its amount, expiring after the
 * payment window, and a checkout link `/checkout/<osp_id>#token=<T>` (token derived from the
 * link id, only its SHA-256 stored). Statuses: `pending` → `paid` (received ≥ amount) or
 * `expired` (window ended first). Amounts are kobo in the database, naira in the API.
 */
import { z } from 'zod';
import type { CheckoutState } from '../../../contract/checkout';
import { languageSchema, type Language, type Mode } from '../../../contract/common';
import { koboToNaira } from '../../../contract/money';
import type { Payment } from '../../../contract/payments';
import { returnUrlOrNull } from '../../../contract/return-url';
import { notFound } from '../../core/api-error';
import { hashCapabilityToken } from '../../core/capability-tokens';
import { randomId } from '../../core/crypto';
import { execute, queryAll, queryOne, type Db } from '../../db/database';
import { getHostedMerchant } from '../merchants/merchants';
import { recordEvent } from '../webhooks/events';
import {
  createVirtualAccount,
  getVirtualAccountRow,
  renderVirtualAccount,
  type VirtualAccountRow,
} from '../virtual-accounts/virtual-accounts';
import { hostedLink } from '../../../contract/hosted-links';

/** Derives the capability token of link `linkId` at `version` (see HandlerContext). */
export type LinkTokens = (linkId: string, version: number) => string;

export const paymentRowSchema = z.object({
  id: z.string(),
  merchant_id: z.string(),
  mode: z.enum(['test', 'live']),
  status: z.enum(['pending', 'paid', 'expired']),
  amount_kobo: z.number().int(),
  received_kobo: z.number().int(),
  customer_email: z.string().nullable(),
  customer_first_name: z.string().nullable(),
  customer_last_name: z.string().nullable(),
  customer_phone: z.string().nullable(),
  callback_url: z.string().nullable(),
  metadata_json: z.string(),
  virtual_account_id: z.string(),
  invoice_id: z.string().nullable(),
  preferred_language: z.nullable(languageSchema),
  link_id: z.string(),
  token_hash: z.string(),
  expires_at: z.string(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
});
export type PaymentRow = z.infer<typeof paymentRowSchema>;

/** What {@link createPaymentRecord} needs. */
export interface NewPayment {
  merchantId: string;
  mode: Mode;
  amountKobo: number;
  customer: {
    email: string | null;
    firstName: string | null;
    lastName: string | null;
    phone: string | null;
  };
  callbackUrl: string | null;
  metadata: Record<string, unknown>;
  invoiceId: string | null;
  /** The merchant's preferred language for the checkout page (an invoice's: its subscription's). */
  preferredLanguage: Language | null;
  /** Payment window in seconds (SandboxServices.paymentWindowSeconds). */
  windowSeconds: number;
  now: Date;
}

/** Creates a pending payment with its dynamic account and checkout link; returns its row. */
export function createPaymentRecord(db: Db, input: NewPayment, tokens: LinkTokens): PaymentRow {
  const merchant = getHostedMerchant(db, input.merchantId);
  const expiresAt = new Date(input.now.getTime() + input.windowSeconds * 1000);
  const account = createVirtualAccount(db, {
    merchantId: input.merchantId,
    mode: input.mode,
    type: 'DYNAMIC',
    accountName: `${merchant.name} Checkout`.toUpperCase().slice(0, 100),
    amountKobo: input.amountKobo,
    customer: input.customer,
    expiresAt,
    now: input.now,
  });
  const id = randomId('osp_');
  const linkId = randomId('chk_');
  execute(
    db,
    `INSERT INTO payments (id, merchant_id, mode, status, amount_kobo, received_kobo, customer_email,
       customer_first_name, customer_last_name, customer_phone, callback_url, metadata_json,
       virtual_account_id, invoice_id, preferred_language, link_id, token_hash, expires_at,
       paid_at, created_at)
     VALUES (?, ?, ?, 'pending', ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?)`,
    [
      id,
      input.merchantId,
      input.mode,
      input.amountKobo,
      input.customer.email,
      input.customer.firstName,
      input.customer.lastName,
      input.customer.phone,
      input.callbackUrl,
      JSON.stringify(input.metadata),
      account.id,
      input.invoiceId,
      input.preferredLanguage,
      linkId,
      hashCapabilityToken(tokens(linkId, 1)),
      expiresAt.toISOString(),
      input.now.toISOString(),
    ],
  );
  return getPaymentRow(db, id);
}

/** The payment `id` whatever its owner. @throws Error when missing (a bug). */
export function getPaymentRow(db: Db, id: string): PaymentRow {
  const row = queryOne(db, 'SELECT * FROM payments WHERE id = ?', [id], paymentRowSchema);
  if (row === null) throw new Error(`Payment ${id} is missing`);
  return row;
}

/** The payment `id` of this merchant and mode. @throws ApiError 404 otherwise. */
export function findPayment(db: Db, merchantId: string, mode: Mode, id: string): PaymentRow {
  const row = queryOne(
    db,
    'SELECT * FROM payments WHERE id = ? AND merchant_id = ? AND mode = ?',
    [id, merchantId, mode],
    paymentRowSchema,
  );
  if (row === null) throw notFound(`No payment with id ${id}`);
  return row;
}

/** The payment bound to dynamic account `virtualAccountId`, or null (reserved accounts). */
export function paymentOfAccount(db: Db, virtualAccountId: string): PaymentRow | null {
  return queryOne(
    db,
    'SELECT * FROM payments WHERE virtual_account_id = ?',
    [virtualAccountId],
    paymentRowSchema,
  );
}

/** The payment page's address: `<origin>/checkout/<osp_id>#token=<T>` (token in the fragment). */
export function checkoutUrl(publicOrigin: string, row: PaymentRow, tokens: LinkTokens): string {
  return hostedLink(publicOrigin, { kind: 'checkout', paymentId: row.id }, tokens(row.link_id, 1));
}

const metadataSchema = z.record(z.string(), z.unknown());

/**
 * The API shape of a payment (naira), with its checkout URL and dynamic account (`account`: read
 * by id unless the caller already has it, as a list page does for all of its payments at once).
 */
export function renderPayment(
  db: Db,
  row: PaymentRow,
  publicOrigin: string,
  tokens: LinkTokens,
  account: VirtualAccountRow = getVirtualAccountRow(db, row.virtual_account_id),
): Payment {
  const received = row.received_kobo;
  return {
    id: row.id,
    mode: row.mode,
    status: row.status,
    amount: koboToNaira(row.amount_kobo),
    currency: 'NGN',
    amountReceived: koboToNaira(received),
    amountOutstanding: koboToNaira(Math.max(0, row.amount_kobo - received)),
    amountOverpaid: koboToNaira(Math.max(0, received - row.amount_kobo)),
    customer: {
      email: row.customer_email,
      firstName: row.customer_first_name,
      lastName: row.customer_last_name,
      phone: row.customer_phone,
    },
    paymentMethod: 'hosted_checkout',
    callbackUrl: row.callback_url,
    metadata: metadataSchema.parse(JSON.parse(row.metadata_json)),
    preferredLanguage: row.preferred_language,
    checkoutUrl: checkoutUrl(publicOrigin, row, tokens),
    virtualAccount: renderVirtualAccount(account),
    invoiceId: row.invoice_id,
    expiresAt: row.expires_at,
    paidAt: row.paid_at,
    createdAt: row.created_at,
  };
}

/** Seconds left in the window by the sandbox clock (rounded up), 0 once over. */
export function remainingSeconds(expiresAt: string, now: Date): number {
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now.getTime()) / 1000));
}

/**
 * What the payment checkout page shows (contract/checkout.ts `checkoutStateSchema`). The account
 * is withheld while the payer's e-mail or phone is missing; `returnUrl` is the callbackUrl only
 * when it passes the browser-return rules (contract/return-url.ts). `invoice` is the invoice the
 * payment collects (plan and period; the caller reads it, invoices being a feature above this
 * one), or null.
 */
export function renderCheckoutState(
  db: Db,
  row: PaymentRow,
  now: Date,
  invoice: CheckoutState['invoice'],
): CheckoutState {
  const account = getVirtualAccountRow(db, row.virtual_account_id);
  const needs = { email: row.customer_email === null, phone: row.customer_phone === null };
  const metadata = metadataSchema.parse(JSON.parse(row.metadata_json));
  const description = typeof metadata.description === 'string' ? metadata.description : null;
  return {
    mode: row.mode,
    merchant: getHostedMerchant(db, row.merchant_id),
    preferredLanguage: row.preferred_language,
    payment: {
      id: row.id,
      status: row.status,
      amount: koboToNaira(row.amount_kobo),
      currency: 'NGN',
      amountReceived: koboToNaira(row.received_kobo),
      amountOutstanding: koboToNaira(Math.max(0, row.amount_kobo - row.received_kobo)),
      amountOverpaid: koboToNaira(Math.max(0, row.received_kobo - row.amount_kobo)),
      description,
      paidAt: row.paid_at,
    },
    invoice,
    needsCustomerDetails: needs,
    virtualAccount:
      needs.email || needs.phone
        ? null
        : {
            bankName: account.bank_name,
            accountNumber: account.account_number,
            accountName: account.account_name,
          },
    remainingSeconds: row.status === 'pending' ? remainingSeconds(row.expires_at, now) : 0,
    expiresAt: row.expires_at,
    returnUrl: returnUrlOrNull(row.callback_url),
    serverTime: now.toISOString(),
  };
}

/**
 * Expires the pending payments of accounts whose window ended (from `runDueWork`, same
 * transaction) and records `payment.failed` for each. The payment's `expiresAt` becomes its
 * account's (so a window ended early, {@link closePayment} or the sandbox's expire control, reports
 * when it really ended). A partly paid payment keeps its `amountReceived` (owed back to the payer).
 */
export function expirePaymentsOfAccounts(
  db: Db,
  accounts: readonly VirtualAccountRow[],
  context: { now: Date; publicOrigin: string; tokens: LinkTokens },
): void {
  for (const account of accounts) {
    const payment = paymentOfAccount(db, account.id);
    if (payment === null || payment.status !== 'pending') continue;
    execute(
      db,
      `UPDATE payments SET status = 'expired', expires_at = MIN(expires_at, COALESCE(?, expires_at))
       WHERE id = ? AND status = 'pending'`,
      [account.expires_at, payment.id],
    );
    const expired = getPaymentRow(db, payment.id);
    recordEvent(db, {
      merchantId: expired.merchant_id,
      mode: expired.mode,
      type: 'payment.failed',
      data: renderPayment(db, expired, context.publicOrigin, context.tokens),
      now: context.now,
    });
  }
}

/** The invoice's payments, newest first. */
export function paymentsOfInvoice(db: Db, invoiceId: string): PaymentRow[] {
  return queryAll(
    db,
    'SELECT * FROM payments WHERE invoice_id = ? ORDER BY created_at DESC, rowid DESC',
    [invoiceId],
    paymentRowSchema,
  );
}

/**
 * Ends a pending payment's window now (`context.now`): its account EXPIRED (no longer payable),
 * account and payment `expiresAt` = now, the payment `expired` with `payment.failed`. Used when
 * the invoice was paid another way, so that one invoice never has two payable accounts.
 */
export function closePayment(
  db: Db,
  payment: PaymentRow,
  context: { now: Date; publicOrigin: string; tokens: LinkTokens },
): void {
  if (payment.status !== 'pending') return;
  const account = getVirtualAccountRow(db, payment.virtual_account_id);
  if (account.status !== 'ACTIVE') return;
  const endedAt = context.now.toISOString();
  execute(db, "UPDATE virtual_accounts SET status = 'EXPIRED', expires_at = ? WHERE id = ?", [
    endedAt,
    account.id,
  ]);
  expirePaymentsOfAccounts(db, [{ ...account, status: 'EXPIRED', expires_at: endedAt }], context);
}

/** What billing rules need besides the database: the clock's now, link origin and tokens. */
export interface BillingContext {
  /** Now by the clock of the records' mode (request: the caller's mode; due work: its mode). */
  now: Date;
  publicOrigin: string;
  tokens: LinkTokens;
  /** Payment window of new checkout payments, in seconds. */
  windowSeconds: number;
}

/** The {@link BillingContext} of a request: its clock instant, the origin and its token issuer. */
export function billingContextOf(context: {
  now: Date;
  services: { publicOrigin: string; paymentWindowSeconds: number };
  capabilityToken(linkId: string, version: number): string;
}): BillingContext {
  return {
    now: context.now,
    publicOrigin: context.services.publicOrigin,
    tokens: (linkId, version) => context.capabilityToken(linkId, version),
    windowSeconds: context.services.paymentWindowSeconds,
  };
}
