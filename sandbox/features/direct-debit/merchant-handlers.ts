/**
 * Bank direct debit, merchant side (service-api.md, "Bank direct debit (merchant side, controlled
 * rollout)"), revoking a setup link (issue 3: links are revocable; the document names no route, so
 * ours keeps its `/sandbox/v1` path), and the sandbox controls that stand in for the service's
 * rollout switch (`PUT /sandbox/v1/direct-debit/config`) and for the bank's final answer to a
 * pending or unknown mandate (`POST /sandbox/v1/subscriptions/{id}/direct-debit/bank-answer`). Everything is confined to the key's
 * merchant and mode.
 */
import { errorCodes } from '../../../contract/errors';
import { ApiError } from '../../core/api-error';
import type { HandlerContext, HandlerRegistry, HandlerResult } from '../../core/handler';
import { findSubscription } from '../subscriptions/records';
import { isDirectDebitEnabled, setDirectDebitEnabled } from './config';
import {
  applyBankAnswer,
  awaitingBankStatuses,
  currentMandate,
  disableAutomaticDebit,
  listMandates,
} from './mandates';
import { getOrCreateSetupLink, revokeSetupLink, setupUrl } from './setup-links';

/** `GET /api/v1/subscriptions/direct-debit/config`: `{ data: { enabled, mode } }`. */
function getDirectDebitConfig(
  context: HandlerContext<'getDirectDebitConfig'>,
): HandlerResult<'getDirectDebitConfig'> {
  const { merchantId, mode } = context.caller;
  const enabled = isDirectDebitEnabled(context.services.db, merchantId, mode);
  return { status: 200, body: { data: { enabled, mode } } };
}

/** `PUT /sandbox/v1/direct-debit/config` `{ enabled }`: sets it for the key's merchant and mode. */
function setDirectDebitConfig(
  context: HandlerContext<'setDirectDebitConfig'>,
): HandlerResult<'setDirectDebitConfig'> {
  const { merchantId, mode } = context.caller;
  const { enabled } = context.body;
  setDirectDebitEnabled(context.services.db, { merchantId, mode, enabled, now: context.now });
  return { status: 200, body: { data: { enabled, mode } } };
}

/** `GET /api/v1/subscriptions/direct-debit`: the current mandates of the key's mode. */
function listMandatesHandler(
  context: HandlerContext<'listMandates'>,
): HandlerResult<'listMandates'> {
  const { merchantId, mode } = context.caller;
  return { status: 200, body: { data: listMandates(context.services.db, merchantId, mode) } };
}

/** `GET /api/v1/subscriptions/{id}/direct-debit`: the mandate or null. @throws ApiError 404. */
function getSubscriptionMandate(
  context: HandlerContext<'getSubscriptionMandate'>,
): HandlerResult<'getSubscriptionMandate'> {
  const { db } = context.services;
  const { merchantId, mode } = context.caller;
  const subscription = findSubscription(db, merchantId, mode, context.params.subscriptionId);
  return { status: 200, body: { data: currentMandate(db, subscription.id) } };
}

/**
 * `POST /api/v1/subscriptions/{id}/direct-debit` `{}`: creates the private setup link, or returns
 * the same one (201 when created, 200 when it already existed). The token is derived, never
 * stored.
 * @throws ApiError 403 DIRECT_DEBIT_NOT_ENABLED while direct debit is off for the mode; 404 for
 *   an unknown subscription.
 */
function createSetupLink(
  context: HandlerContext<'createSetupLink'>,
): HandlerResult<'createSetupLink'> {
  const { db, linkSecret, publicOrigin } = context.services;
  const { merchantId, mode } = context.caller;
  if (!isDirectDebitEnabled(db, merchantId, mode)) {
    throw new ApiError(
      403,
      `Direct debit is not enabled for this business in ${mode} mode. In the sandbox, enable it with PUT /sandbox/v1/direct-debit/config.`,
      { code: errorCodes.directDebitNotEnabled },
    );
  }
  const subscription = findSubscription(db, merchantId, mode, context.params.subscriptionId);
  const { link, created } = getOrCreateSetupLink(db, {
    merchantId,
    mode,
    subscriptionId: subscription.id,
    linkSecret,
    now: context.now,
  });
  const token = context.capabilityToken(link.id, link.version);
  return {
    status: created ? 201 : 200,
    body: {
      data: {
        subscriptionId: subscription.id,
        setupUrl: setupUrl(publicOrigin, token),
        expiresAt: link.expires_at,
        automaticDebitEnabled: subscription.automatic_debit_enabled,
        mandate: currentMandate(db, subscription.id),
      },
    },
  };
}

/**
 * `POST /api/v1/subscriptions/{id}/direct-debit/disable` `{}`: stops future automatic debits and
 * requests revocation of the mandate; answers with the mandate (or null). @throws ApiError 404.
 */
function disableDirectDebit(
  context: HandlerContext<'disableDirectDebit'>,
): HandlerResult<'disableDirectDebit'> {
  const { db } = context.services;
  const { merchantId, mode } = context.caller;
  const subscription = findSubscription(db, merchantId, mode, context.params.subscriptionId);
  disableAutomaticDebit(db, subscription.id, context.now, context.services.approvalDelayMs);
  return { status: 200, body: { data: currentMandate(db, subscription.id) } };
}

/**
 * `POST /sandbox/v1/subscriptions/{id}/direct-debit/revoke-link` `{}` (merchant action, test or
 * live secret key with `subscriptions:write`): revokes the subscription's current setup link; its
 * token answers 410 SETUP_LINK_REVOKED from now on, and the next `POST …/direct-debit` issues a
 * new link. Answers `{ data: { subscriptionId, revoked } }`, `revoked: false` when there was no
 * current link. Mandates are not touched.
 * @throws ApiError 404 for a subscription unknown in the key's merchant and mode (so a live key
 *   never reaches a test subscription, nor the reverse).
 */
function revokeSetupLinkHandler(
  context: HandlerContext<'revokeSetupLink'>,
): HandlerResult<'revokeSetupLink'> {
  const { db } = context.services;
  const { merchantId, mode } = context.caller;
  const subscription = findSubscription(db, merchantId, mode, context.params.subscriptionId);
  const revoked = revokeSetupLink(db, subscription.id, context.now);
  return { status: 200, body: { data: { subscriptionId: subscription.id, revoked } } };
}

/** What the customer reads when the sandbox's bank declines without a reason of its own. */
const defaultRejectionReason = 'The bank declined the mandate (sandbox bank answer).';

/**
 * `POST /sandbox/v1/subscriptions/{id}/direct-debit/bank-answer` `{ outcome, reason? }` (test
 * mode, `subscriptions:write`): the bank's final answer to the current mandate while it is
 * `pending` (activation transfer made, or never made) or `unknown` (reconciled). Answers
 * `{ data: mandate }`.
 * @throws ApiError 404 for a subscription unknown in the key's merchant and mode; 409 CONFLICT
 *   when there is no mandate or it awaits no answer (it changes nothing then).
 */
function answerMandate(context: HandlerContext<'answerMandate'>): HandlerResult<'answerMandate'> {
  const { db } = context.services;
  const { merchantId, mode } = context.caller;
  const subscription = findSubscription(db, merchantId, mode, context.params.subscriptionId);
  const before = currentMandate(db, subscription.id);
  if (before === null || !awaitingBankStatuses.includes(before.status)) {
    throw new ApiError(
      409,
      before === null
        ? 'This subscription has no mandate: the customer has not authorized one yet'
        : `This mandate is ${before.status}: only a pending or unknown mandate awaits the bank's answer`,
      { code: errorCodes.conflict },
    );
  }
  const { body } = context;
  applyBankAnswer(
    db,
    subscription.id,
    body.outcome === 'approved'
      ? { status: 'approved' }
      : { status: 'rejected', rejectionReason: body.reason ?? defaultRejectionReason },
    context.now,
  );
  return { status: 200, body: { data: currentMandate(db, subscription.id) } };
}

/** Handlers of the merchant-side direct-debit API and its sandbox controls, by route name. */
export const directDebitMerchantHandlers = {
  getDirectDebitConfig: { run: getDirectDebitConfig },
  setDirectDebitConfig: { run: setDirectDebitConfig },
  listMandates: { run: listMandatesHandler },
  getSubscriptionMandate: { run: getSubscriptionMandate },
  createSetupLink: { run: createSetupLink },
  disableDirectDebit: { run: disableDirectDebit },
  revokeSetupLink: { run: revokeSetupLinkHandler },
  answerMandate: { run: answerMandate },
} satisfies HandlerRegistry;
