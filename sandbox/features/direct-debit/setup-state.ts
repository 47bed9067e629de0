/**
 * What the hosted setup page is told (`GET /direct-debit/setup`; contract/direct-debit.ts
 * `setupStateSchema`; product.md, "Direct-debit setup: the flow", step 2).
 */
import type { Mandate, SetupState } from '../../../contract/direct-debit';
import { koboToNaira } from '../../../contract/money';
import { validateReturnUrl } from '../../../contract/return-url';
import type { SetupLinkCaller } from '../../core/handler';
import type { Db } from '../../db/database';
import { getHostedMerchant } from '../merchants/merchants';
import { findSubscription, planOfSubscription } from '../subscriptions/records';
import { currentMandate } from './mandates';

/**
 * Whether the customer may still look up accounts and authorize: the link has not expired,
 * automatic debit is still enabled, and there is no mandate or only a rejected one (a pending,
 * verified, approved, unknown or revocation-state mandate closes setup).
 */
export function isSetupOpen(input: {
  expiresAt: string;
  automaticDebitEnabled: boolean;
  mandate: Mandate | null;
  now: Date;
}): boolean {
  return (
    input.expiresAt > input.now.toISOString() &&
    input.automaticDebitEnabled &&
    (input.mandate === null || input.mandate.status === 'rejected')
  );
}

/**
 * The setup state for the link's subscription. Amount in naira; `returnUrl` is the
 * subscription's callbackUrl when {@link validateReturnUrl} accepts it, else null.
 */
export function buildSetupState(db: Db, caller: SetupLinkCaller, now: Date): SetupState {
  const subscription = findSubscription(db, caller.merchantId, caller.mode, caller.subscriptionId);
  const plan = planOfSubscription(db, subscription);
  const mandate = currentMandate(db, subscription.id);
  return {
    mode: caller.mode,
    merchant: getHostedMerchant(db, caller.merchantId),
    subscription: {
      id: subscription.id,
      planName: plan.name,
      amount: koboToNaira(plan.amount_kobo),
      currency: 'NGN',
      interval: plan.interval,
      nextBillingDate: subscription.next_billing_date,
    },
    automaticDebitEnabled: subscription.automatic_debit_enabled,
    returnUrl: validateReturnUrl(subscription.callback_url),
    setupOpen: isSetupOpen({
      expiresAt: caller.expiresAt,
      automaticDebitEnabled: subscription.automatic_debit_enabled,
      mandate,
      now,
    }),
    expiresAt: caller.expiresAt,
    mandate,
  };
}
