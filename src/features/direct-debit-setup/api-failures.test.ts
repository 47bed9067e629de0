import { expect, test } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api-client';
import { classifySetupFailure } from './api';

const apiError = (status: number, code: string | null, retryAfterSeconds: number | null = null) =>
  new ApiError({ status, code, message: 'x', requestId: 'req_1', retryAfterSeconds });

test.each([
  [
    'INVALID_SETUP_LINK',
    apiError(401, 'INVALID_SETUP_LINK'),
    { kind: 'invalidLink', reason: 'unknown' },
  ],
  [
    'SETUP_LINK_EXPIRED',
    apiError(410, 'SETUP_LINK_EXPIRED'),
    { kind: 'invalidLink', reason: 'expired' },
  ],
  [
    'SETUP_LINK_REVOKED',
    apiError(410, 'SETUP_LINK_REVOKED'),
    { kind: 'invalidLink', reason: 'revoked' },
  ],
  ['401 without code', apiError(401, null), { kind: 'invalidLink', reason: 'unknown' }],
  ['404 without code', apiError(404, null), { kind: 'invalidLink', reason: 'unknown' }],
  ['410 without code', apiError(410, null), { kind: 'invalidLink', reason: 'expired' }],
  [
    'RATE_LIMITED',
    apiError(429, 'RATE_LIMITED', 17),
    { kind: 'rateLimited', retryAfterSeconds: 17 },
  ],
  ['429 without code', apiError(429, null), { kind: 'rateLimited', retryAfterSeconds: null }],
  ['ACCOUNT_NOT_FOUND', apiError(404, 'ACCOUNT_NOT_FOUND'), { kind: 'accountNotFound' }],
  ['INVALID_ACCOUNT_NUMBER', apiError(422, 'INVALID_ACCOUNT_NUMBER'), { kind: 'accountNotFound' }],
  ['UNKNOWN_BANK', apiError(422, 'UNKNOWN_BANK'), { kind: 'bankNotSupported' }],
  ['SETUP_CLOSED', apiError(409, 'SETUP_CLOSED'), { kind: 'setupChanged' }],
  ['409 without code', apiError(409, null), { kind: 'setupChanged' }],
  ['500', apiError(500, 'INTERNAL_ERROR'), { kind: 'unexpected', status: 500, requestId: 'req_1' }],
  ['VALIDATION_FAILED', apiError(400, 'VALIDATION_FAILED'), { kind: 'unexpected', status: 400 }],
  ['no answer', new NetworkError(), { kind: 'network' }],
  ['a programming error', new TypeError('x'), { kind: 'unexpected', requestId: null }],
])('%s', (_name, error, expected) => {
  expect(classifySetupFailure(error)).toMatchObject(expected);
});
