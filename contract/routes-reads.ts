/**
 * Merchant reads: one record by id and newest-first lists with cursor paging, for every resource
 * kind, in the key's mode only (service-api.md, "Subscriptions": read and list endpoints are
 * "not shown", so these paths, filters and scopes are ours: sandbox/README.md, "Reading and
 * listing", and docs/decisions/0016-reads-lists-and-paging.md).
 *
 * Scopes (Authentication, rules 4 and 10): subscription reads need `subscriptions:read` as the
 * document says; payout reads need `payouts:create`, the only payout scope a key can hold; reads
 * of collections (payments, virtual accounts, transactions, balance) need a secret key of the mode
 * and no scope, like `GET /api/v1/payments/{payment_id}` in the document.
 */
import { z } from 'zod';
import { intervalSchema, modeSchema, emailSchema } from './common';
import { listQuery, listResponse } from './paging';
import { paymentSchema, paymentStatusSchema } from './payments';
import {
  beneficiarySchema,
  payoutSchema,
  payoutUseCaseResponseSchema,
  payoutUseCaseSchema,
  payoutUseCaseStatusSchema,
} from './payouts';
import { route, type RouteDef } from './route';
import {
  invoiceSchema,
  invoiceStatusSchema,
  planResponseSchema,
  planSchema,
  subscriptionSchema,
  subscriptionStatusSchema,
} from './subscriptions';
import {
  requestLogEntryResponseSchema,
  requestLogListResponseSchema,
  requestLogQuerySchema,
} from './request-log';
import { subscriptionMetricsResponseSchema } from './subscription-metrics';
import { transactionSchema, transactionTypes } from './transactions';
import {
  virtualAccountResponseSchema,
  virtualAccountSchema,
  virtualAccountStatusSchema,
  virtualAccountTypeSchema,
} from './virtual-accounts';

const id = z.string().min(1).max(64);

/** `GET /api/v1/balance`: the payout balance of the key's mode (settled collections), naira. */
export const balanceResponseSchema = z.object({
  data: z.object({ mode: modeSchema, available: z.number(), currency: z.literal('NGN') }),
});

export const readRoutes = {
  listPlans: route({
    method: 'GET',
    path: '/api/v1/subscriptions/plans',
    auth: 'secretKey',
    scope: 'subscriptions:read',
    idempotent: false,
    query: listQuery({ interval: z.optional(intervalSchema) }),
    response: listResponse(planSchema),
  }),
  getPlan: route({
    method: 'GET',
    path: '/api/v1/subscriptions/plans/:planId',
    auth: 'secretKey',
    scope: 'subscriptions:read',
    idempotent: false,
    response: planResponseSchema,
  }),
  getSubscriptionMetrics: route({
    method: 'GET',
    path: '/api/v1/subscriptions/metrics',
    auth: 'secretKey',
    scope: 'subscriptions:read',
    idempotent: false,
    response: subscriptionMetricsResponseSchema,
  }),
  listSubscriptions: route({
    method: 'GET',
    path: '/api/v1/subscriptions',
    auth: 'secretKey',
    scope: 'subscriptions:read',
    idempotent: false,
    query: listQuery({
      status: subscriptionStatusSchema.optional(),
      plan_id: id.optional(),
      email: z.optional(emailSchema),
    }),
    response: listResponse(subscriptionSchema),
  }),
  listInvoices: route({
    method: 'GET',
    path: '/api/v1/subscriptions/invoices',
    auth: 'secretKey',
    scope: 'subscriptions:read',
    idempotent: false,
    query: listQuery({
      subscription_id: id.optional(),
      status: z.optional(invoiceStatusSchema),
    }),
    response: listResponse(invoiceSchema),
  }),
  listPayments: route({
    method: 'GET',
    path: '/api/v1/payments',
    auth: 'secretKey',
    idempotent: false,
    query: listQuery({
      status: z.optional(paymentStatusSchema),
      email: z.optional(emailSchema),
      invoice_id: id.optional(),
    }),
    response: listResponse(paymentSchema),
  }),
  listVirtualAccounts: route({
    method: 'GET',
    path: '/api/v1/virtual-accounts',
    auth: 'secretKey',
    idempotent: false,
    query: listQuery({
      type: virtualAccountTypeSchema.optional(),
      status: virtualAccountStatusSchema.optional(),
      email: z.optional(emailSchema),
    }),
    response: listResponse(virtualAccountSchema),
  }),
  getVirtualAccount: route({
    method: 'GET',
    path: '/api/v1/virtual-accounts/:virtualAccountId',
    auth: 'secretKey',
    idempotent: false,
    response: virtualAccountResponseSchema,
  }),
  listTransactions: route({
    method: 'GET',
    path: '/api/v1/transactions',
    auth: 'secretKey',
    idempotent: false,
    query: listQuery({
      type: z.enum(transactionTypes).optional(),
      payment_id: id.optional(),
      virtual_account_id: id.optional(),
    }),
    response: listResponse(transactionSchema),
  }),
  getTransaction: route({
    method: 'GET',
    path: '/api/v1/transactions/:transactionId',
    auth: 'secretKey',
    idempotent: false,
    response: z.object({ data: transactionSchema }),
  }),
  getBalance: route({
    method: 'GET',
    path: '/api/v1/balance',
    auth: 'secretKey',
    idempotent: false,
    response: balanceResponseSchema,
  }),
  listBeneficiaries: route({
    method: 'GET',
    path: '/api/v1/beneficiaries',
    auth: 'secretKey',
    scope: 'payouts:create',
    idempotent: false,
    query: listQuery({ status: z.enum(['verified', 'unverified']).optional() }),
    response: listResponse(beneficiarySchema),
  }),
  getBeneficiary: route({
    method: 'GET',
    path: '/api/v1/beneficiaries/:beneficiaryId',
    auth: 'secretKey',
    scope: 'payouts:create',
    idempotent: false,
    response: z.object({ data: beneficiarySchema }),
  }),
  listPayouts: route({
    method: 'GET',
    path: '/api/v1/payouts',
    auth: 'secretKey',
    scope: 'payouts:create',
    idempotent: false,
    query: listQuery({
      status: z.enum(['successful', 'failed']).optional(),
      beneficiary_id: id.optional(),
    }),
    response: listResponse(payoutSchema),
  }),
  getPayout: route({
    method: 'GET',
    path: '/api/v1/payouts/:payoutId',
    auth: 'secretKey',
    scope: 'payouts:create',
    idempotent: false,
    response: z.object({ data: payoutSchema }),
  }),
  /** The business's payout use cases and the service's decisions (live mode has them). */
  listPayoutUseCases: route({
    method: 'GET',
    path: '/api/v1/payout-use-cases',
    auth: 'secretKey',
    scope: 'payouts:create',
    idempotent: false,
    query: listQuery({ status: payoutUseCaseStatusSchema.optional() }),
    response: listResponse(payoutUseCaseSchema),
  }),
  getPayoutUseCase: route({
    method: 'GET',
    path: '/api/v1/payout-use-cases/:useCaseId',
    auth: 'secretKey',
    scope: 'payouts:create',
    idempotent: false,
    response: payoutUseCaseResponseSchema,
  }),
  /** The request log of the key's mode (not itself logged). */
  listRequestLog: route({
    method: 'GET',
    path: '/sandbox/v1/requests',
    auth: 'secretKey',
    idempotent: false,
    query: requestLogQuerySchema,
    response: requestLogListResponseSchema,
  }),
  getRequestLogEntry: route({
    method: 'GET',
    path: '/sandbox/v1/requests/:requestId',
    auth: 'secretKey',
    idempotent: false,
    response: requestLogEntryResponseSchema,
  }),
} as const satisfies Record<string, RouteDef>;
