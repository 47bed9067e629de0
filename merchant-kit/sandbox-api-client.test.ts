import { readFileSync } from 'node:fs';
import createClient from 'openapi-fetch';
import { afterEach, expect, test } from 'vitest';
import { createTestSandbox, type TestSandbox } from '../sandbox/testing/test-sandbox';
import { generatedTypesPath, generateOpenApiTypes } from '../scripts/openapi-types';
import type { paths } from './sandbox-api.generated';

const sandboxes: TestSandbox[] = [];
afterEach(() => {
  for (const sandbox of sandboxes.splice(0)) sandbox.close();
});

test('the committed client types are what the OpenAPI document generates today', async () => {
  expect(readFileSync(generatedTypesPath, 'utf8')).toBe(await generateOpenApiTypes());
});

test('a client generated from the OpenAPI document creates a payment and reads it back', async () => {
  const sandbox = createTestSandbox({ start: new Date('2026-03-02T10:00:00Z') });
  sandboxes.push(sandbox);
  const client = createClient<paths>({
    baseUrl: sandbox.sandbox.publicOrigin,
    headers: { authorization: `Bearer ${sandbox.credentials.testSecretKey}` },
    fetch: (request) => sandbox.handle(request),
  });

  const created = await client.POST('/api/v1/payments', {
    params: { header: { 'Idempotency-Key': 'order-1001' } },
    body: {
      amount: { amount: 7500, currency: 'NGN' },
      customer: { email: 'ada@example.com' },
      paymentMethod: 'hosted_checkout',
      callbackUrl: 'https://merchant.example/orders/1001',
      metadata: { orderId: '1001' },
    },
  });
  expect(created.response.status).toBe(201);
  const payment = created.data?.data;
  if (payment === undefined) throw new Error(`Not created: ${JSON.stringify(created.error)}`);
  expect(payment).toMatchObject({ amount: 7500, status: 'pending', metadata: { orderId: '1001' } });

  const read = await client.GET('/api/v1/payments/{paymentId}', {
    params: { path: { paymentId: payment.id } },
  });
  expect(read.response.status).toBe(200);
  expect(read.data?.data).toEqual(payment);

  // The list reads it too, with the paging the document describes.
  const listed = await client.GET('/api/v1/payments', { params: { query: { limit: 1 } } });
  expect(listed.data).toEqual({ data: [payment], hasMore: false });

  // Errors arrive in the documented shape, typed as such.
  const missing = await client.GET('/api/v1/payments/{paymentId}', {
    params: { path: { paymentId: 'osp_missing' } },
  });
  expect(missing.response.status).toBe(404);
  expect(missing.error?.requestId).toMatch(/^req_/);
});
