/**
 * Merchant bank direct-debit routes (service-api.md, "Bank direct debit"): config, mandates, setup
 * links, disable, revoking a setup link; plus the sandbox controls that enable direct debit and
 * give the bank's answer to a mandate.
 */
import * as dd from './direct-debit';
import * as controls from './sandbox-controls';
import { route, type RouteDef } from './route';

export const directDebitRoutes = {
  getDirectDebitConfig: route({
    method: 'GET',
    path: '/api/v1/subscriptions/direct-debit/config',
    auth: 'secretKey',
    scope: 'subscriptions:read',
    idempotent: false,
    response: dd.directDebitConfigResponseSchema,
  }),
  listMandates: route({
    method: 'GET',
    path: '/api/v1/subscriptions/direct-debit',
    auth: 'secretKey',
    scope: 'subscriptions:read',
    idempotent: false,
    response: dd.mandateListResponseSchema,
  }),
  getSubscriptionMandate: route({
    method: 'GET',
    path: '/api/v1/subscriptions/:subscriptionId/direct-debit',
    auth: 'secretKey',
    scope: 'subscriptions:read',
    idempotent: false,
    response: dd.subscriptionMandateResponseSchema,
  }),
  createSetupLink: route({
    method: 'POST',
    path: '/api/v1/subscriptions/:subscriptionId/direct-debit',
    auth: 'secretKey',
    scope: 'subscriptions:write',
    idempotent: true,
    success: [200, 201],
    request: dd.emptyBodySchema,
    response: dd.setupLinkResponseSchema,
  }),
  disableDirectDebit: route({
    method: 'POST',
    path: '/api/v1/subscriptions/:subscriptionId/direct-debit/disable',
    auth: 'secretKey',
    scope: 'subscriptions:write',
    idempotent: false,
    request: dd.emptyBodySchema,
    response: dd.subscriptionMandateResponseSchema,
  }),
  setDirectDebitConfig: route({
    method: 'PUT',
    path: '/sandbox/v1/direct-debit/config',
    auth: 'secretKey',
    scope: 'subscriptions:write',
    idempotent: false,
    request: controls.sandboxDirectDebitConfigRequestSchema,
    response: dd.directDebitConfigResponseSchema,
  }),
  /**
   * The merchant revokes the subscription's current setup link, in the key's mode (test or live).
   * A merchant action standing in for the dashboard's; the path keeps its `/sandbox/v1` prefix.
   */
  revokeSetupLink: route({
    method: 'POST',
    path: '/sandbox/v1/subscriptions/:subscriptionId/direct-debit/revoke-link',
    auth: 'secretKey',
    scope: 'subscriptions:write',
    idempotent: false,
    request: dd.emptyBodySchema,
    response: dd.revokeSetupLinkResponseSchema,
  }),
  /**
   * The bank's final answer to the subscription's pending or unknown mandate (test mode): what the
   * bank would say after the activation transfer, or what reconciliation finds.
   */
  answerMandate: route({
    method: 'POST',
    path: '/sandbox/v1/subscriptions/:subscriptionId/direct-debit/bank-answer',
    auth: 'secretKey',
    scope: 'sandbox:controls',
    idempotent: false,
    testOnly: true,
    request: controls.mandateBankAnswerRequestSchema,
    response: dd.subscriptionMandateResponseSchema,
  }),
} as const satisfies Record<string, RouteDef>;
