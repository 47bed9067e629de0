/**
 * Webhook controls (contract/routes-webhooks.ts; service-api.md, "Events", delivery notes): the
 * endpoint per mode, the delivery log, test events and replays. Each acts on the calling key's
 * mode. Test and replay queue a delivery due now; the server's worker sends it within a second.
 */
import type { Mode } from '../../../contract/common';
import { errorCodes } from '../../../contract/errors';
import type { EventType, SampleEventData } from '../../../contract/events';
import { ApiError, notFound } from '../../core/api-error';
import type { Db } from '../../db/database';
import type { HandlerContext, HandlerRegistry, HandlerResult } from '../../core/handler';
import { storeEvent } from './events';
import {
  enqueueDelivery,
  findEndpointUrl,
  findEventLog,
  getDelivery,
  getEndpoint,
  listEventLog,
  setEndpoint,
} from './queue';

/** @throws ApiError 409 WEBHOOK_ENDPOINT_REQUIRED when the caller's mode has no endpoint. */
function requireEndpoint(context: {
  services: { db: Db };
  caller: { merchantId: string; mode: Mode };
}): void {
  const { db } = context.services;
  if (findEndpointUrl(db, context.caller.merchantId, context.caller.mode) === null) {
    throw new ApiError(
      409,
      `No webhook endpoint is set for ${context.caller.mode} mode: set one with PUT /sandbox/v1/webhooks/endpoint`,
      { code: errorCodes.webhookEndpointRequired },
    );
  }
}

/** The sample `data` of a test event: marked as a sample, referring to no record. */
export function sampleEventData(type: EventType): SampleEventData {
  return {
    sample: true as const,
    description: `A test ${type} event sent from the sandbox. It refers to no record and proves nothing.`,
  };
}

function getWebhookEndpoint(
  context: HandlerContext<'getWebhookEndpoint'>,
): HandlerResult<'getWebhookEndpoint'> {
  const { merchantId, mode } = context.caller;
  return { status: 200, body: { data: getEndpoint(context.services.db, merchantId, mode) } };
}

function setWebhookEndpoint(
  context: HandlerContext<'setWebhookEndpoint'>,
): HandlerResult<'setWebhookEndpoint'> {
  const { merchantId, mode } = context.caller;
  const data = setEndpoint(context.services.db, {
    merchantId,
    mode,
    url: context.body.url,
    now: context.now,
  });
  return { status: 200, body: { data } };
}

function listWebhookEvents(
  context: HandlerContext<'listWebhookEvents'>,
): HandlerResult<'listWebhookEvents'> {
  const { merchantId, mode } = context.caller;
  return { status: 200, body: { data: listEventLog(context.services.db, merchantId, mode) } };
}

function getWebhookEvent(
  context: HandlerContext<'getWebhookEvent'>,
): HandlerResult<'getWebhookEvent'> {
  const { merchantId, mode } = context.caller;
  const entry = findEventLog(context.services.db, merchantId, mode, context.params.eventId);
  if (entry === null) throw notFound(`No event ${context.params.eventId}`);
  return { status: 200, body: { data: entry } };
}

/**
 * Queues the event's stored body again, as a new delivery (trigger `replay`) with its own
 * attempts in the log. @throws ApiError 404 unknown event; 409 no endpoint for the mode.
 */
function replayWebhookEvent(
  context: HandlerContext<'replayWebhookEvent'>,
): HandlerResult<'replayWebhookEvent'> {
  const { db } = context.services;
  const { merchantId, mode } = context.caller;
  const entry = findEventLog(db, merchantId, mode, context.params.eventId);
  if (entry === null) throw notFound(`No event ${context.params.eventId}`);
  requireEndpoint(context);
  const deliveryId = enqueueDelivery(db, {
    eventId: entry.event.id,
    merchantId,
    mode,
    trigger: 'replay',
    now: context.now,
  });
  return {
    status: 202,
    body: { data: { event: entry.event, delivery: getDelivery(db, deliveryId) } },
  };
}

/**
 * Records a sample event of `type` (default `payment.success`) and queues its delivery
 * (trigger `test`). @throws ApiError 409 when the mode has no endpoint.
 */
function sendTestWebhook(
  context: HandlerContext<'sendTestWebhook'>,
): HandlerResult<'sendTestWebhook'> {
  const { db } = context.services;
  const { merchantId, mode } = context.caller;
  requireEndpoint(context);
  const type = context.body.type ?? 'payment.success';
  const event = storeEvent(db, {
    merchantId,
    mode,
    type,
    data: sampleEventData(type),
    now: context.now,
    sample: true,
  });
  const deliveryId = enqueueDelivery(db, {
    eventId: event.id,
    merchantId,
    mode,
    trigger: 'test',
    now: context.now,
  });
  return { status: 202, body: { data: { event, delivery: getDelivery(db, deliveryId) } } };
}

/** Handlers of the webhook controls, by route name. */
export const webhookHandlers = {
  getWebhookEndpoint: { run: getWebhookEndpoint },
  setWebhookEndpoint: { run: setWebhookEndpoint },
  listWebhookEvents: { run: listWebhookEvents },
  getWebhookEvent: { run: getWebhookEvent },
  replayWebhookEvent: { run: replayWebhookEvent },
  sendTestWebhook: { run: sendTestWebhook },
} satisfies HandlerRegistry;
