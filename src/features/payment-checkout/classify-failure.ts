/**
 * Turns an error from `src/lib/api-client.ts` into what the checkout flow does next
 * (`machine.ts`, `RequestFailure`). Codes are those of `contract/errors.ts`; where the server sends
 * no code, the HTTP status decides (service-api.md, "Errors"; product.md, "Links and tokens").
 */
import { errorCodes } from '../../../contract/errors';
import { ApiError, NetworkError } from '../../lib/api-client';
import type { RequestFailure } from './machine';

/** The flow's reading of `error`; anything that is not an API or network error is unexpected. */
export function classifyFailure(error: unknown): RequestFailure {
  if (error instanceof NetworkError) return { kind: 'network' };
  if (!(error instanceof ApiError)) return { kind: 'unexpected', status: 0, requestId: null };

  const { code, status, requestId } = error;
  switch (code) {
    case errorCodes.invalidCheckoutLink:
      return status === 410
        ? { kind: 'invalidLink', reason: 'expired', requestId }
        : { kind: 'invalidLink', reason: 'unknown', requestId };
    case errorCodes.rateLimited:
      return { kind: 'rateLimited', retryAfterSeconds: error.retryAfterSeconds, requestId };
    case errorCodes.validationFailed:
      return { kind: 'detailsRefused', requestId };
    case errorCodes.conflict:
      return { kind: 'changed', requestId };
    default:
      break;
  }
  // Capability routes answer an unusable token with 401/403/404 and an old one with 410.
  if (status === 401 || status === 403 || status === 404) {
    return { kind: 'invalidLink', reason: 'unknown', requestId };
  }
  if (status === 410) return { kind: 'invalidLink', reason: 'expired', requestId };
  if (status === 429) {
    return { kind: 'rateLimited', retryAfterSeconds: error.retryAfterSeconds, requestId };
  }
  if (status === 409) return { kind: 'changed', requestId };
  if (status === 400 || status === 422) return { kind: 'detailsRefused', requestId };
  return { kind: 'unexpected', status, requestId };
}
