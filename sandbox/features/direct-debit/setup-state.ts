/**
 * What the hosted setup page is told (`GET /direct-debit/setup`; contract/direct-debit.ts
 * `setupStateSchema`; product.md, "Direct-debit setup: the flow", step 2).
 */
import { z } from 'zod';
import type { Mandate, SetupState } from '../../../contract/direct-debit';
import { koboToNaira } from '../../../contract/money';
import { returnUrlOrNull, type ReturnUrl } from '../../../contract/return-url';
import type { SetupLinkCaller } from '../../core/handler';
import { queryOne, type Db } from '../../db/database';
import { getHostedMerchant } from '../merchants/merchants';
import { findSubscription, planOfSubscription } from '../subscriptions/records';
import { isDirectDebitEnabled } from './config';
import { currentMandate } from './mandates';

// Row schemas built once: building a zod object costs far more than parsing with it.
const callbackUrlRowSchema = z.object({ callback_url: z.string() });

/**
 * Whether the customer may still look up accounts and authorize: the link has not expired, the
 * merchant still has direct debit enabled for the link's mode (`directDebitEnabled`, config.ts),
 * automatic debit is still enabled for the subscription, and there is no mandate or only a
 * rejected one (a pending, verified, approved, unknown or revocation-state mandate closes setup).
 * `expiresAt` is an ISO timestamp compared with `now` (the link mode's clock).
 */
export function isSetupOpen(input: {
  expiresAt: string;
  directDebitEnabled: boolean;
  automaticDebitEnabled: boolean;
  mandate: Mandate | null;
  now: Date;
}): boolean {
  return (
    input.expiresAt > input.now.toISOString() &&
    input.directDebitEnabled &&
    input.automaticDebitEnabled &&
    (input.mandate === null || input.mandate.status === 'rejected')
  );
}

/**
 * The subscription's return URL for the setup page (service-api.md, "Hosted customer setup": "a
 * valid HTTPS invoice callbackUrl ... exposed as a validated returnUrl"): the callbackUrl of its
 * most recent invoice that has one (an invoice may bind one later through
 * `POST /api/v1/subscriptions/invoices/{id}/payment`), parsed by {@link returnUrlOrNull}.
 * `null` when no invoice has a callbackUrl or when that latest one is not a safe HTTPS return
 * target; an older invoice's URL is never used instead, since the merchant's latest choice stands.
 */
export function invoiceReturnUrl(db: Db, subscriptionId: string): ReturnUrl | null {
  const row = queryOne(
    db,
    `SELECT callback_url FROM invoices WHERE subscription_id = ? AND callback_url IS NOT NULL
     ORDER BY created_at DESC, rowid DESC LIMIT 1`,
    [subscriptionId],
    callbackUrlRowSchema,
  );
  return returnUrlOrNull(row?.callback_url ?? null);
}

/**
 * The setup state for the link's subscription (`SetupState`, contract/direct-debit.ts). Amount in
 * naira; `preferredLanguage` the subscription's (null: none); `returnUrl` from
 * {@link invoiceReturnUrl}; `setupOpen` from {@link isSetupOpen}, with
 * the merchant's direct-debit switch for the link's mode. Never throws for a link the core has
 * authenticated.
 */
export function buildSetupState(db: Db, caller: SetupLinkCaller, now: Date): SetupState {
  const subscription = findSubscription(db, caller.merchantId, caller.mode, caller.subscriptionId);
  const plan = planOfSubscription(db, subscription);
  const mandate = currentMandate(db, subscription.id);
  return {
    mode: caller.mode,
    merchant: getHostedMerchant(db, caller.merchantId),
    preferredLanguage: subscription.preferred_language,
    subscription: {
      id: subscription.id,
      planName: plan.name,
      amount: koboToNaira(plan.amount_kobo),
      currency: 'NGN',
      interval: plan.interval,
      nextBillingDate: subscription.next_billing_date,
    },
    automaticDebitEnabled: subscription.automatic_debit_enabled,
    returnUrl: invoiceReturnUrl(db, subscription.id),
    setupOpen: isSetupOpen({
      expiresAt: caller.expiresAt,
      directDebitEnabled: isDirectDebitEnabled(db, caller.merchantId, caller.mode),
      automaticDebitEnabled: subscription.automatic_debit_enabled,
      mandate,
      now,
    }),
    expiresAt: caller.expiresAt,
    mandate,
    serverTime: now.toISOString(),
  };
}
