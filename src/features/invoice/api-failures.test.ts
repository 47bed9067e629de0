import { expect, test } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api-client';
import { classifyInvoiceFailure } from './invoice-answer';

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
  ['404 without code', apiError(404, null), { kind: 'invalidLink', reason: 'unknown' }],
  ['410 without code', apiError(410, null), { kind: 'invalidLink', reason: 'expired' }],
  ['409 (already paid)', apiError(409, 'CONFLICT'), { kind: 'alreadyPaid', requestId: 'req_1' }],
  ['429', apiError(429, 'RATE_LIMITED', 9), { kind: 'rateLimited', retryAfterSeconds: 9 }],
  ['500', apiError(500, 'INTERNAL_ERROR'), { kind: 'unexpected', status: 500, requestId: 'req_1' }],
  ['400', apiError(400, 'VALIDATION_FAILED'), { kind: 'unexpected', status: 400 }],
  ['no answer', new NetworkError(), { kind: 'network' }],
  ['a programming error', new TypeError('x'), { kind: 'unexpected', requestId: null }],
])('%s', (_name, error, expected) => {
  expect(classifyInvoiceFailure(error)).toMatchObject(expected);
});
