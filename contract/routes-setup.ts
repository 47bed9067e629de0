/**
 * Hosted direct-debit setup routes (service-api.md, "Hosted customer setup"), authorized by the
 * capability token in `x-direct-debit-token`. The setup page imports only this module.
 */
import { bankListResponseSchema } from './banks';
import * as dd from './direct-debit';
import { hostedReadPaths } from './hosted-reads';
import { route, type RouteDef } from './route';

export const setupRoutes = {
  getSetup: route({
    method: 'GET',
    path: hostedReadPaths.getSetup,
    auth: 'directDebitToken',
    idempotent: false,
    response: dd.setupStateResponseSchema,
  }),
  listSetupBanks: route({
    method: 'GET',
    path: hostedReadPaths.listSetupBanks,
    auth: 'directDebitToken',
    idempotent: false,
    response: bankListResponseSchema,
  }),
  resolveAccount: route({
    method: 'POST',
    path: '/direct-debit/setup/resolve-account',
    auth: 'directDebitToken',
    idempotent: true,
    hostedIdempotency: 'count-once',
    request: dd.resolveAccountRequestSchema,
    response: dd.resolveAccountResponseSchema,
  }),
  submitSetup: route({
    method: 'POST',
    path: '/direct-debit/setup',
    auth: 'directDebitToken',
    idempotent: true,
    success: [201],
    hostedIdempotency: 'replay',
    request: dd.setupSubmitRequestSchema,
    response: dd.setupStateResponseSchema,
  }),
  disableSetup: route({
    method: 'POST',
    path: '/direct-debit/setup/disable',
    auth: 'directDebitToken',
    idempotent: true,
    hostedIdempotency: 'replay',
    request: dd.setupDisableRequestSchema,
    response: dd.setupStateResponseSchema,
  }),
} as const satisfies Record<string, RouteDef>;
