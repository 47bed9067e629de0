/**
 * The merchant's branding settings (contract/branding.ts): the sandbox's stand-in for the
 * dashboard's branding page. Secret-key auth with scope `sandbox:controls`; branding is the
 * merchant's, shared by both modes, so reading takes a test or live key and changing it, which
 * changes what live customers see, a live key (docs/decisions/0022-merchant-branding.md).
 */
import * as branding from './branding';
import { route, type RouteDef } from './route';

export const brandingRoutes = {
  getBranding: route({
    method: 'GET',
    path: '/sandbox/v1/merchant/branding',
    auth: 'secretKey',
    scope: 'sandbox:controls',
    idempotent: false,
    response: branding.brandingResponseSchema,
  }),
  setBranding: route({
    method: 'PUT',
    path: '/sandbox/v1/merchant/branding',
    auth: 'secretKey',
    scope: 'sandbox:controls',
    idempotent: false,
    liveOnly: true,
    request: branding.brandingUpdateRequestSchema,
    response: branding.brandingResponseSchema,
  }),
} as const satisfies Record<string, RouteDef>;
