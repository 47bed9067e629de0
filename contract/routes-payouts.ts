/**
 * Payout routes (service-api.md, "Payouts" and "Authentication" rule 5) and the sandbox controls
 * that stand in for the service's review, the developer security settings and settlement.
 * The payout gates and their order: sandbox/README.md, "Payouts and settlements".
 */
import { listQuery, listResponse } from './paging';
import * as payouts from './payouts';
import { route, type RouteDef } from './route';

export const payoutRoutes = {
  createBeneficiary: route({
    method: 'POST',
    path: '/api/v1/beneficiaries',
    auth: 'secretKey',
    scope: 'payouts:create',
    idempotent: true,
    request: payouts.beneficiaryCreateRequestSchema,
    response: payouts.beneficiaryResponseSchema,
  }),
  createPayout: route({
    method: 'POST',
    path: '/api/v1/payouts',
    auth: 'secretKey',
    scope: 'payouts:create',
    idempotent: true,
    request: payouts.payoutCreateRequestSchema,
    response: payouts.payoutResponseSchema,
  }),
  submitPayoutUseCase: route({
    method: 'POST',
    path: '/api/v1/payout-use-cases',
    auth: 'secretKey',
    scope: 'payouts:create',
    idempotent: true,
    liveOnly: true,
    request: payouts.payoutUseCaseCreateRequestSchema,
    response: payouts.payoutUseCaseResponseSchema,
  }),
  reviewPayoutUseCase: route({
    method: 'POST',
    path: '/sandbox/v1/payout-use-cases/:useCaseId/review',
    auth: 'secretKey',
    scope: 'sandbox:controls',
    idempotent: false,
    liveOnly: true,
    request: payouts.payoutUseCaseReviewRequestSchema,
    response: payouts.payoutUseCaseResponseSchema,
  }),
  getPayoutAccess: route({
    method: 'GET',
    path: '/sandbox/v1/payouts/access',
    auth: 'secretKey',
    scope: 'sandbox:controls',
    idempotent: false,
    liveOnly: true,
    response: payouts.payoutAccessResponseSchema,
  }),
  setPayoutAccess: route({
    method: 'PUT',
    path: '/sandbox/v1/payouts/access',
    auth: 'secretKey',
    scope: 'sandbox:controls',
    idempotent: false,
    liveOnly: true,
    request: payouts.payoutAccessRequestSchema,
    response: payouts.payoutAccessResponseSchema,
  }),
  issuePayoutKey: route({
    method: 'POST',
    path: '/sandbox/v1/payouts/keys',
    auth: 'secretKey',
    scope: 'sandbox:controls',
    idempotent: false,
    liveOnly: true,
    request: payouts.payoutKeyRequestSchema,
    response: payouts.payoutKeyResponseSchema,
  }),
  createSettlement: route({
    method: 'POST',
    path: '/sandbox/v1/settlements',
    auth: 'secretKey',
    scope: 'sandbox:controls',
    idempotent: false,
    request: payouts.settlementCreateRequestSchema,
    response: payouts.settlementResponseSchema,
  }),
  /** Dashboard withdrawals (rule 6), separate from the Payout API: no Payout API access needed. */
  createWithdrawal: route({
    method: 'POST',
    path: '/sandbox/v1/withdrawals',
    auth: 'secretKey',
    scope: 'sandbox:controls',
    idempotent: true,
    liveOnly: true,
    request: payouts.withdrawalCreateRequestSchema,
    response: payouts.withdrawalResponseSchema,
  }),
  listWithdrawals: route({
    method: 'GET',
    path: '/sandbox/v1/withdrawals',
    auth: 'secretKey',
    scope: 'sandbox:controls',
    idempotent: false,
    liveOnly: true,
    query: listQuery({}),
    response: listResponse(payouts.withdrawalSchema),
  }),
  getWithdrawal: route({
    method: 'GET',
    path: '/sandbox/v1/withdrawals/:withdrawalId',
    auth: 'secretKey',
    scope: 'sandbox:controls',
    idempotent: false,
    liveOnly: true,
    response: payouts.withdrawalResponseSchema,
  }),
} as const satisfies Record<string, RouteDef>;
