/**
 * Turns an error from `src/lib/api-client.ts` into what the invoice page does next. Codes are
 * those of `contract/errors.ts`; where the server sends no code, the HTTP status decides
 * (service-api.md, "Errors"; contract/checkout.ts: "Pay now" answers 409 for a paid invoice).
 */
import { errorCodes } from '../../../contract/errors';
import { ApiError, NetworkError } from '../../lib/api-client';

/** A failed request of the invoice page, by what the page does next. */
export type InvoiceFailure =
  | { kind: 'invalidLink'; reason: 'unknown' | 'expired'; requestId: string | null }
  /** "Pay now" on an invoice that is already paid: read it again, it will say so. */
  | { kind: 'alreadyPaid'; requestId: string | null }
  | { kind: 'rateLimited'; retryAfterSeconds: number | null; requestId: string | null }
  | { kind: 'network' }
  | { kind: 'unexpected'; status: number; requestId: string | null };

/** The page's reading of `error`; anything that is not an API or network error is unexpected. */
export function classifyFailure(error: unknown): InvoiceFailure {
  if (error instanceof NetworkError) return { kind: 'network' };
  if (!(error instanceof ApiError)) return { kind: 'unexpected', status: 0, requestId: null };

  const { code, status, requestId } = error;
  if (code === errorCodes.invalidCheckoutLink) {
    return { kind: 'invalidLink', reason: status === 410 ? 'expired' : 'unknown', requestId };
  }
  if (status === 401 || status === 403 || status === 404) {
    return { kind: 'invalidLink', reason: 'unknown', requestId };
  }
  if (status === 410) return { kind: 'invalidLink', reason: 'expired', requestId };
  if (status === 409 || code === errorCodes.conflict) return { kind: 'alreadyPaid', requestId };
  if (status === 429 || code === errorCodes.rateLimited) {
    return { kind: 'rateLimited', retryAfterSeconds: error.retryAfterSeconds, requestId };
  }
  return { kind: 'unexpected', status, requestId };
}
