/**
 * The webhooks page's filters (webhooks-view.tsx): events of the log (`GET
 * /sandbox/v1/webhooks/events`, contract/webhooks.ts) by kind (service-api.md, "Events") and by
 * the status of their latest delivery, as the page's URL names them (`?type=…&delivery=…`).
 */
import { eventTypes, type EventType } from '../../../contract/events';
import {
  deliveryStatusSchema,
  type Delivery,
  type EventLogEntry,
} from '../../../contract/webhooks';

/** What the "Latest delivery" filter can ask for: a delivery status, or no delivery at all. */
export type DeliveryFilter = Delivery['status'] | 'none';

/** Every value of the "Latest delivery" filter, in the order the page offers them. */
export const deliveryFilters: readonly DeliveryFilter[] = [...deliveryStatusSchema.options, 'none'];

/** The event kind a URL parameter names, or null (absent or unknown: no filter). */
export function eventTypeOf(value: string | null): EventType | null {
  return eventTypes.find((type) => type === value) ?? null;
}

/** The delivery filter a URL parameter names, or null (absent or unknown: no filter). */
export function deliveryFilterOf(value: string | null): DeliveryFilter | null {
  return deliveryFilters.find((filter) => filter === value) ?? null;
}

/** The delivery made last (a replay after the event's own), or null when none was made. */
export function latestDelivery(entry: EventLogEntry): Delivery | null {
  return entry.deliveries.reduce<Delivery | null>(
    (latest, delivery) =>
      latest === null || delivery.createdAt >= latest.createdAt ? delivery : latest,
    null,
  );
}

/**
 * The entries of kind `type` whose latest delivery has status `delivery` ('none': no delivery,
 * the mode had no endpoint); null filters nothing. Order is kept (newest first).
 */
export function filterEvents(
  entries: readonly EventLogEntry[],
  type: EventType | null,
  delivery: DeliveryFilter | null,
): EventLogEntry[] {
  return entries.filter((entry) => {
    if (type !== null && entry.event.type !== type) return false;
    if (delivery === null) return true;
    return (latestDelivery(entry)?.status ?? 'none') === delivery;
  });
}
