/**
 * Turns an error from `src/lib/api-client.ts` into what the setup flow does next
 * (`machine.ts`, `RequestFailure`). Codes are those of `contract/errors.ts`; where the server
 * sends no code, the HTTP status decides (service-api.md, "Errors" and "Hosted customer setup").
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
    case errorCodes.invalidSetupLink:
      return { kind: 'invalidLink', reason: 'unknown', requestId };
    case errorCodes.setupLinkExpired:
      return { kind: 'invalidLink', reason: 'expired', requestId };
    case errorCodes.setupLinkRevoked:
      return { kind: 'invalidLink', reason: 'revoked', requestId };
    case errorCodes.rateLimited:
      return { kind: 'rateLimited', retryAfterSeconds: error.retryAfterSeconds, requestId };
    case errorCodes.accountNotFound:
    case errorCodes.invalidAccountNumber:
      return { kind: 'accountNotFound', requestId };
    case errorCodes.unknownBank:
      return { kind: 'bankNotSupported', requestId };
    case errorCodes.setupClosed:
    case errorCodes.directDebitNotEnabled:
    case errorCodes.conflict:
      return { kind: 'setupChanged', requestId };
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
  if (status === 409) return { kind: 'setupChanged', requestId };
  return { kind: 'unexpected', status, requestId };
}
