/**
 * Merchant API of payments and virtual accounts (service-api.md, "Payments and virtual accounts"
 * endpoints): `POST /api/v1/payments`, `GET /api/v1/payments/:id`,
 * `POST /api/v1/virtual-accounts/reserved` and `/dynamic`. Creates are idempotent and run in the
 * core's idempotency transaction. Amounts arrive in naira and are stored as kobo.
 */
import { errorCodes } from '../../../contract/errors';
import { nairaToKobo } from '../../../contract/money';
import { ApiError } from '../../core/api-error';
import type { HandlerContext, HandlerRegistry, HandlerResult } from '../../core/handler';
import { queryOne } from '../../db/database';
import { getHostedMerchant } from '../merchants/merchants';

import {
  createVirtualAccount,
  renderVirtualAccount,
  virtualAccountRowSchema,
  type VirtualAccountRow,
} from '../virtual-accounts/virtual-accounts';
import { createPaymentRecord, findPayment, renderPayment, billingContextOf } from './payments';

/**
 * Creates a pending payment (`osp_…`) with its dynamic account and checkout link (201). The
 * response's `checkoutUrl` carries the capability token in the fragment. The optional
 * `preferredLanguage` is stored and shown to the checkout page.
 */
function createPayment(context: HandlerContext<'createPayment'>): HandlerResult<'createPayment'> {
  const { db, publicOrigin } = context.services;
  const { body, caller } = context;
  const billing = billingContextOf(context);
  const row = createPaymentRecord(
    db,
    {
      merchantId: caller.merchantId,
      mode: caller.mode,
      amountKobo: nairaToKobo(body.amount.amount),
      customer: {
        email: body.customer?.email ?? null,
        firstName: body.customer?.firstName ?? null,
        lastName: body.customer?.lastName ?? null,
        phone: body.customer?.phone ?? null,
      },
      callbackUrl: body.callbackUrl ?? null,
      metadata: body.metadata ?? {},
      invoiceId: null,
      preferredLanguage: body.preferredLanguage ?? null,
      windowSeconds: billing.windowSeconds,
      now: context.now,
    },
    billing.tokens,
  );
  return { status: 201, body: { data: renderPayment(db, row, publicOrigin, billing.tokens) } };
}

/** The payment of this merchant and mode (verification). @throws ApiError 404 otherwise. */
function getPayment(context: HandlerContext<'getPayment'>): HandlerResult<'getPayment'> {
  const { db, publicOrigin } = context.services;
  const row = findPayment(
    db,
    context.caller.merchantId,
    context.caller.mode,
    context.params.paymentId,
  );
  return {
    status: 200,
    body: { data: renderPayment(db, row, publicOrigin, billingContextOf(context).tokens) },
  };
}

/**
 * The details of a reserved account request that differ from `existing` (API field names). Only
 * details the request gives are compared; phone is compared in E.164 (already normalized).
 */
function differingDetails(
  existing: VirtualAccountRow,
  body: HandlerContext<'createReservedAccount'>['body'],
): string[] {
  const given: [string, string | undefined, string | null][] = [
    ['preferredAccountName', body.preferredAccountName, existing.account_name],
    ['customer.firstName', body.customer.firstName, existing.customer_first_name],
    ['customer.lastName', body.customer.lastName, existing.customer_last_name],
    ['customer.phone', body.customer.phone, existing.customer_phone],
  ];
  return given
    .filter(([, requested, held]) => requested !== undefined && requested !== held)
    .map(([field]) => field);
}

/**
 * `POST /api/v1/virtual-accounts/reserved`: the customer's reserved account (one per customer
 * e-mail, merchant and mode; "persistent and reusable for one customer", service-api.md, Virtual
 * account). Created (201) on the first request; afterwards the same account (200) when every
 * detail the request gives (preferredAccountName, customer firstName, lastName, phone) matches the
 * account. Phone already normalized to E.164.
 * @throws ApiError 409 RESERVED_ACCOUNT_CONFLICT when a detail differs: the account is never
 *   renamed or re-assigned silently; the message names the account and the differing fields.
 */
function createReservedAccount(
  context: HandlerContext<'createReservedAccount'>,
): HandlerResult<'createReservedAccount'> {
  const { db } = context.services;
  const { body, caller } = context;
  const existing = queryOne(
    db,
    `SELECT * FROM virtual_accounts WHERE merchant_id = ? AND mode = ? AND type = 'RESERVED'
       AND customer_email = ?`,
    [caller.merchantId, caller.mode, body.customer.email],
    virtualAccountRowSchema,
  );
  if (existing !== null) {
    const differing = differingDetails(existing, body);
    if (differing.length > 0) {
      throw new ApiError(
        409,
        `Reserved account ${existing.id} already exists for this customer e-mail with other details: ${differing.join(', ')}. Omit them, or send the account's own values, to get it back.`,
        { code: errorCodes.reservedAccountConflict },
      );
    }
    return { status: 200, body: { data: renderVirtualAccount(existing) } };
  }
  const merchant = getHostedMerchant(db, caller.merchantId);
  const holder = [body.customer.firstName, body.customer.lastName]
    .filter((part) => part !== undefined && part !== '')
    .join(' ');
  const accountName =
    body.preferredAccountName ?? (holder === '' ? merchant.name : `${merchant.name}-${holder}`);
  const row = createVirtualAccount(db, {
    merchantId: caller.merchantId,
    mode: caller.mode,
    type: 'RESERVED',
    accountName: accountName.slice(0, 100),
    amountKobo: null,
    customer: {
      email: body.customer.email,
      firstName: body.customer.firstName ?? null,
      lastName: body.customer.lastName ?? null,
      phone: body.customer.phone ?? null,
    },
    expiresAt: null,
    now: context.now,
  });
  return { status: 201, body: { data: renderVirtualAccount(row) } };
}

/** A dynamic account bound to the amount, payable until the payment window ends (201). */
function createDynamicAccount(
  context: HandlerContext<'createDynamicAccount'>,
): HandlerResult<'createDynamicAccount'> {
  const { db, paymentWindowSeconds } = context.services;
  const { body, caller } = context;
  const merchant = getHostedMerchant(db, caller.merchantId);
  const row = createVirtualAccount(db, {
    merchantId: caller.merchantId,
    mode: caller.mode,
    type: 'DYNAMIC',
    accountName: merchant.name.toUpperCase().slice(0, 100),
    amountKobo: nairaToKobo(body.amount),
    customer: { email: body.customer?.email ?? null, firstName: null, lastName: null, phone: null },
    expiresAt: new Date(context.now.getTime() + paymentWindowSeconds * 1000),
    now: context.now,
  });
  return { status: 201, body: { data: renderVirtualAccount(row) } };
}

/** Handlers of payments and virtual accounts, by route name. */
export const paymentHandlers = {
  createPayment: { run: createPayment },
  getPayment: { run: getPayment },
  createReservedAccount: { run: createReservedAccount },
  createDynamicAccount: { run: createDynamicAccount },
} satisfies HandlerRegistry;
