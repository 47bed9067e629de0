/**
 * What the setup answer means (service-api.md, "Direct debit mandate", "States and transitions",
 * "Hosted customer setup"): the server-data rules the flow's guards, the hook's polling and the
 * views read. Pure functions of the contract's `SetupState` and `Mandate`; nothing here is kept.
 */
import {
  bankApprovedStatuses,
  type Mandate,
  type MandateStatus,
  type SetupState,
} from '../../../contract/direct-debit';
import type { ReturnUrl } from '../../../contract/return-url';

/**
 * The return URL of `setup`: a {@link ReturnUrl} (parsed once, when the response was read with
 * the contract's schema), or null when the merchant gave none or it failed the rule.
 */
export function returnUrlOf(setup: SetupState): ReturnUrl | null {
  return setup.returnUrl;
}

/**
 * Whether the page returns the customer to the merchant by itself (States and transitions, "Bank
 * approval", and rule 4): the bank approved, automatic debit is still on, and the return URL
 * passes our own check.
 */
export function allowsAutoReturn(setup: SetupState, mandate: Mandate): boolean {
  return (
    bankApprovedStatuses.includes(mandate.status) &&
    setup.automaticDebitEnabled &&
    returnUrlOf(setup) !== null
  );
}

/**
 * Statuses after which the mandate changes only by a new action (the customer's, the merchant's):
 * no need to check again on a timer.
 */
export const finalStatuses: readonly MandateStatus[] = [
  'verified',
  'approved',
  'rejected',
  'revoked',
];

/** Whether the page checks `status` again on a timer, with back-off: the bank may still change it. */
export function pollsStatus(status: MandateStatus): boolean {
  return !finalStatuses.includes(status);
}

/**
 * Whether the page checks `status` again when the customer comes back to the tab (focus,
 * visibility) or the phone comes back online: every status it polls, and verified or approved,
 * which the merchant (or the customer, in another tab) can still turn off.
 */
export function rechecksOnReturn(status: MandateStatus): boolean {
  return pollsStatus(status) || bankApprovedStatuses.includes(status);
}

/**
 * Whether `next` is older than the mandate the page shows (by `updatedAt`): the answer of a check
 * sent before a change the page already knows of (e.g. its own disable call), to be ignored.
 */
export function isOlderMandate(next: Mandate, shown: Mandate): boolean {
  const nextAt = Date.parse(next.updatedAt);
  const shownAt = Date.parse(shown.updatedAt);
  return Number.isFinite(nextAt) && Number.isFinite(shownAt) && nextAt < shownAt;
}

/** Whether the customer may start over with another account from the status view. */
export function canTryAnotherAccount(setup: SetupState, mandate: Mandate): boolean {
  return setup.setupOpen && (mandate.status === 'rejected' || mandate.status === 'revoked');
}

/**
 * Whether the customer may turn automatic debit off from the status view: it is still on and the
 * mandate is pending, unknown, verified or approved (a disable call then requests revocation).
 */
export function canDisable(setup: SetupState, mandate: Mandate): boolean {
  return (
    setup.automaticDebitEnabled &&
    (mandate.status === 'pending' ||
      mandate.status === 'unknown' ||
      bankApprovedStatuses.includes(mandate.status))
  );
}
