/**
 * Webhook delivery log routes (service-api.md, "Events", delivery notes): the sandbox's stand-in
 * for the dashboard's endpoint setting, delivery attempts, test and replay. Secret-key auth with scope
 * `sandbox:controls` (the stored bodies hold checkout links); each route acts on the key's mode (test or live endpoint and events).
 */
import * as webhooks from './webhooks';
import { route, type RouteDef } from './route';

export const webhookRoutes = {
  getWebhookEndpoint: route({
    method: 'GET',
    path: '/sandbox/v1/webhooks/endpoint',
    auth: 'secretKey',
    scope: 'sandbox:controls',
    idempotent: false,
    response: webhooks.webhookEndpointResponseSchema,
  }),
  setWebhookEndpoint: route({
    method: 'PUT',
    path: '/sandbox/v1/webhooks/endpoint',
    auth: 'secretKey',
    scope: 'sandbox:controls',
    idempotent: false,
    request: webhooks.webhookEndpointRequestSchema,
    response: webhooks.webhookEndpointResponseSchema,
  }),
  listWebhookEvents: route({
    method: 'GET',
    path: '/sandbox/v1/webhooks/events',
    auth: 'secretKey',
    scope: 'sandbox:controls',
    idempotent: false,
    response: webhooks.eventLogListResponseSchema,
  }),
  getWebhookEvent: route({
    method: 'GET',
    path: '/sandbox/v1/webhooks/events/:eventId',
    auth: 'secretKey',
    scope: 'sandbox:controls',
    idempotent: false,
    response: webhooks.eventLogResponseSchema,
  }),
  replayWebhookEvent: route({
    method: 'POST',
    path: '/sandbox/v1/webhooks/events/:eventId/replay',
    auth: 'secretKey',
    scope: 'sandbox:controls',
    idempotent: false,
    success: [202],
    request: webhooks.replayWebhookRequestSchema,
    response: webhooks.deliveryQueuedResponseSchema,
  }),
  sendTestWebhook: route({
    method: 'POST',
    path: '/sandbox/v1/webhooks/test',
    auth: 'secretKey',
    scope: 'sandbox:controls',
    idempotent: false,
    success: [202],
    request: webhooks.testWebhookRequestSchema,
    response: webhooks.deliveryQueuedResponseSchema,
  }),
} as const satisfies Record<string, RouteDef>;
