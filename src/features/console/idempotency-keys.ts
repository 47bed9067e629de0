/**
 * Idempotency keys for the console's creates (service-api.md, "Idempotency": every create request
 * sends an `Idempotency-Key`). One key per request body until a create succeeds: a double submit
 * or a retry after a lost answer sends the same body with the same key, so the service creates
 * once and answers the same; a changed body gets a new key (the service would refuse an old key
 * with another body, 409 without a code); after a success, the same body again is a new,
 * deliberate create and gets a new key.
 */

/** The keys of one form: `keyFor(body)` and `forget()` after a success. */
export interface IdempotencyKeys {
  keyFor: (body: unknown) => string;
  forget: () => void;
}

/** New keys come from `newKey` (a random UUID by default). */
export function createIdempotencyKeys(
  newKey: () => string = () => crypto.randomUUID(),
): IdempotencyKeys {
  const keys = new Map<string, string>();
  return {
    keyFor: (body) => {
      const id = JSON.stringify(body);
      const known = keys.get(id);
      if (known !== undefined) return known;
      const fresh = newKey();
      keys.set(id, fresh);
      return fresh;
    },
    forget: () => keys.clear(),
  };
}
