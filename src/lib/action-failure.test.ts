import { expect, test } from 'vitest';
import { unansweredActionOf } from './action-failure';
import { ApiError, NetworkError, OfflineError, TimeoutError } from './api-client';

test.each([
  ['not sent while offline', new OfflineError(), 'offline'],
  ['no answer within the write bound', new TimeoutError(15_000), 'noAnswer'],
  ['the connection dropped', new NetworkError(), 'noAnswer'],
  [
    'an answer from the service',
    new ApiError({
      status: 500,
      code: null,
      message: 'x',
      requestId: 'req_1',
      retryAfterSeconds: null,
    }),
    null,
  ],
  ['a bug', new TypeError('x'), null],
])('%s is %s', (_label, error, expected) => {
  expect(unansweredActionOf(error)).toBe(expected);
});
