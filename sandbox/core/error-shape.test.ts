import { expect, test, vi } from 'vitest';
import { errorBodySchema, type ErrorBody } from '../../contract/errors';
import { createTestSandbox, type ApiCallResult } from '../testing/test-sandbox';

const plan = { name: 'Gym membership', amount: 15000, currency: 'NGN', interval: 'monthly' };

/** Checks the documented error shape and returns the body. */
function expectError(response: ApiCallResult, status: number, path: string): ErrorBody {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/json');
  const body = errorBodySchema.parse(response.body);
  expect(body.statusCode).toBe(status);
  expect(body.requestId).toMatch(/^req_[0-9a-f]{24}$/);
  expect(response.headers.get('x-request-id')).toBe(body.requestId);
  expect(body.path).toBe(path);
  expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);
  return body;
}

test('malformed JSON gets 400 INVALID_JSON', async () => {
  const sandbox = createTestSandbox();
  const response = await sandbox.api('POST', '/api/v1/subscriptions/plans', {
    rawBody: '{"name": "Gym",',
    headers: { 'content-type': 'application/json' },
  });
  expect(expectError(response, 400, '/api/v1/subscriptions/plans').code).toBe('INVALID_JSON');
  sandbox.close();
});

test.each([
  ['a wrong type', { ...plan, amount: '15000' }, 'amount'],
  ['an unknown enum value', { ...plan, interval: 'daily' }, 'interval: must be one of'],
  ['an over-long string', { ...plan, name: 'x'.repeat(121) }, 'name: must be at most 120'],
  ['an unknown key', { ...plan, colour: 'red' }, 'colour: unknown field'],
  ['a missing field', { amount: 15000, currency: 'NGN', interval: 'monthly' }, 'name: is required'],
  ['more than two decimals', { ...plan, amount: 10.005 }, 'amount'],
  ['a non-object body', [plan], 'request body: must be a JSON object'],
])('%s gets 400 VALIDATION_FAILED naming the field', async (_label, body, expected) => {
  const sandbox = createTestSandbox();
  const response = await sandbox.api('POST', '/api/v1/subscriptions/plans', { body });
  const error = expectError(response, 400, '/api/v1/subscriptions/plans');
  expect(error.code).toBe('VALIDATION_FAILED');
  expect(error.message).toContain(expected);
  sandbox.close();
});

test('nested unknown keys are named with their path', async () => {
  const sandbox = createTestSandbox();
  const response = await sandbox.api('POST', '/api/v1/subscriptions', {
    body: {
      planId: 'subplan_x',
      paymentMethod: 'customer_choice',
      customer: { email: 'not-an-email', nickname: 'Ada' },
    },
  });
  const error = expectError(response, 400, '/api/v1/subscriptions');
  expect(error.message).toContain('customer.nickname: unknown field');
  expect(error.message).toContain('customer.email');
  sandbox.close();
});

test('a body without a JSON Content-Type gets 415', async () => {
  const sandbox = createTestSandbox();
  const response = await sandbox.api('POST', '/api/v1/subscriptions/plans', {
    rawBody: JSON.stringify(plan),
    headers: { 'content-type': 'text/plain' },
  });
  expect(expectError(response, 415, '/api/v1/subscriptions/plans').code).toBe(
    'UNSUPPORTED_MEDIA_TYPE',
  );
  sandbox.close();
});

test('a body over 64 KB gets 413', async () => {
  const sandbox = createTestSandbox();
  const response = await sandbox.api('POST', '/api/v1/subscriptions/plans', {
    body: { ...plan, description: 'x'.repeat(70 * 1024) },
  });
  expect(expectError(response, 413, '/api/v1/subscriptions/plans').code).toBe('PAYLOAD_TOO_LARGE');
  sandbox.close();
});

test('unknown API paths get 404 and known paths with the wrong method 405 with Allow', async () => {
  const sandbox = createTestSandbox();
  const missing = await sandbox.api('GET', '/api/v1/nothing-here');
  expect(expectError(missing, 404, '/api/v1/nothing-here').code).toBe('NOT_FOUND');
  const wrongMethod = await sandbox.api('DELETE', '/api/v1/subscriptions/plans');
  expect(expectError(wrongMethod, 405, '/api/v1/subscriptions/plans').code).toBe(
    'METHOD_NOT_ALLOWED',
  );
  // GET also answers on this path: `GET /api/v1/subscriptions/:subscriptionId` matches it.
  expect(wrongMethod.headers.get('allow')).toBe('GET, POST');
  sandbox.close();
});

test('successful responses carry x-request-id too', async () => {
  const sandbox = createTestSandbox();
  const response = await sandbox.api('GET', '/api/v1/subscriptions/direct-debit/config');
  expect(response.status).toBe(200);
  expect(response.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{24}$/);
  expect(response.headers.get('cache-control')).toBe('no-store');
  sandbox.close();
});

test('an unexpected exception is a 500 INTERNAL_ERROR with a requestId and no stack trace', async () => {
  const reported: string[] = [];
  const sandbox = createTestSandbox({
    validators: {
      test: {
        mode: 'test',
        resolve: () => Promise.reject(new Error('provider exploded at /srv/provider.ts:12')),
      },
    },
    onUnexpectedError: (_error, requestId) => reported.push(requestId),
  });
  const { token } = await sandbox.createSetupLink();
  const response = await sandbox.setupApi('POST', '/direct-debit/setup/resolve-account', token, {
    bankId: '000013',
    bankAccountNumber: '0000000018',
  });
  const error = expectError(response, 500, '/direct-debit/setup/resolve-account');
  expect(error.code).toBe('INTERNAL_ERROR');
  expect(JSON.stringify(response.body)).not.toContain('provider exploded');
  expect(JSON.stringify(response.body)).not.toMatch(/\bat .+\.ts:\d+/);
  expect(reported).toEqual([error.requestId]);
  sandbox.close();
});

test('an unexpected failure is logged as one line with its request id and route, no stack trace', async () => {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    const sandbox = createTestSandbox({
      validators: {
        test: {
          mode: 'test',
          resolve: () => Promise.reject(new Error('provider exploded\nsecond line')),
        },
      },
    });
    const { token } = await sandbox.createSetupLink();
    const response = await sandbox.setupApi('POST', '/direct-debit/setup/resolve-account', token, {
      bankId: '000013',
      bankAccountNumber: '0000000018',
    });
    const error = expectError(response, 500, '/direct-debit/setup/resolve-account');
    expect(logged.mock.calls).toEqual([
      [
        `[sandbox] ${error.requestId} POST /direct-debit/setup/resolve-account failed unexpectedly (500): Error: provider exploded second line`,
      ],
    ]);
    sandbox.close();
  } finally {
    logged.mockRestore();
  }
});
