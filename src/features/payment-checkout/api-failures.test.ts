import { expect, test } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api-client';
import { classifyCheckoutFailure } from './checkout-answer';

const apiError = (status: number, code: string | null, retryAfterSeconds: number | null = null) =>
  new ApiError({ status, code, message: 'x', requestId: 'req_1', retryAfterSeconds });

test.each([
  [
    'INVALID_CHECKOUT_LINK 401',
    apiError(401, 'INVALID_CHECKOUT_LINK'),
    { kind: 'invalidLink', reason: 'unknown', requestId: 'req_1' },
  ],
  [
    'INVALID_CHECKOUT_LINK 410',
    apiError(410, 'INVALID_CHECKOUT_LINK'),
    { kind: 'invalidLink', reason: 'expired' },
  ],
  ['401 without code', apiError(401, null), { kind: 'invalidLink', reason: 'unknown' }],
  ['403 without code', apiError(403, null), { kind: 'invalidLink', reason: 'unknown' }],
  ['404 without code', apiError(404, null), { kind: 'invalidLink', reason: 'unknown' }],
  ['410 without code', apiError(410, null), { kind: 'invalidLink', reason: 'expired' }],
  [
    'RATE_LIMITED',
    apiError(429, 'RATE_LIMITED', 17),
    { kind: 'rateLimited', retryAfterSeconds: 17 },
  ],
  ['429 without code', apiError(429, null), { kind: 'rateLimited', retryAfterSeconds: null }],
  [
    'VALIDATION_FAILED',
    apiError(400, 'VALIDATION_FAILED'),
    { kind: 'detailsRefused', requestId: 'req_1' },
  ],
  ['422 without code', apiError(422, null), { kind: 'detailsRefused' }],
  ['CONFLICT', apiError(409, 'CONFLICT'), { kind: 'changed' }],
  ['409 without code', apiError(409, null), { kind: 'changed' }],
  ['500', apiError(500, 'INTERNAL_ERROR'), { kind: 'unexpected', status: 500, requestId: 'req_1' }],
  ['a contract breach', apiError(200, 'UNEXPECTED_RESPONSE'), { kind: 'unexpected', status: 200 }],
  ['no answer', new NetworkError(), { kind: 'network' }],
  ['a programming error', new TypeError('x'), { kind: 'unexpected', requestId: null }],
])('%s', (_name, error, expected) => {
  expect(classifyCheckoutFailure(error)).toMatchObject(expected);
});
