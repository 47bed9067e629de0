import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterEach, expect, test } from 'vitest';
import { z } from 'zod';
import { routes } from '../../../contract/routes';
import { createTestSandbox, type TestSandbox } from '../../testing/test-sandbox';

const sandboxes: TestSandbox[] = [];
afterEach(() => {
  for (const sandbox of sandboxes.splice(0)) sandbox.close();
});

async function servedDocument(): Promise<unknown> {
  const sandbox = createTestSandbox();
  sandboxes.push(sandbox);
  // No key: the description is public.
  const result = await sandbox.api('GET', '/api/v1/openapi.json', { key: null });
  expect(result.status).toBe(200);
  return result.body;
}

test('GET /api/v1/openapi.json is a valid OpenAPI 3.1 document by Redocly recommended rules', async () => {
  const document = await servedDocument();
  const problems = await lintFromString({
    source: JSON.stringify(document),
    absoluteRef: 'openapi.json',
    config: await createConfig({ extends: ['recommended'] }),
  });
  const errors = problems
    .filter((problem) => problem.severity === 'error')
    .map((problem) => `${problem.ruleId}: ${problem.message}`);
  expect(errors).toEqual([]);
});

test('every route of the contract is in the document with its method, scope and body', async () => {
  const document = z
    .object({
      servers: z.array(z.object({ url: z.string() })),
      paths: z.record(
        z.string(),
        z.record(
          z.string(),
          z.object({
            operationId: z.string(),
            'x-scope': z.string().optional(),
            requestBody: z.unknown().optional(),
            parameters: z.array(z.object({ name: z.string(), in: z.string() })),
          }),
        ),
      ),
    })
    .parse(await servedDocument());
  expect(document.servers).toEqual([{ url: 'http://sandbox.test' }]);
  const described = Object.values(document.paths).flatMap((item) => Object.keys(item)).length;
  expect(described).toBe(Object.keys(routes).length);
  for (const [name, route] of Object.entries(routes)) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    const operation = document.paths[path]?.[route.method.toLowerCase()];
    expect(operation?.operationId, `${route.method} ${route.path}`).toBe(name);
    expect(operation?.['x-scope']).toBe('scope' in route ? route.scope : undefined);
    expect(operation?.requestBody !== undefined).toBe('request' in route);
    const names = operation?.parameters.map((parameter) => parameter.name) ?? [];
    expect(names.includes('Idempotency-Key')).toBe(route.idempotent);
  }
  // A list's paging parameters are described for the client.
  const listPlans = document.paths['/api/v1/subscriptions/plans']?.get;
  expect(listPlans?.parameters.map((parameter) => parameter.name)).toEqual([
    'limit',
    'starting_after',
    'ending_before',
    'created_gte',
    'created_lte',
    'interval',
  ]);
});

test('hosted writes describe their Idempotency-Key as optional; merchant creates as required', async () => {
  const operations = z
    .object({
      paths: z.record(
        z.string(),
        z.record(
          z.string(),
          z.object({
            parameters: z.array(z.object({ name: z.string(), required: z.boolean() })),
          }),
        ),
      ),
    })
    .parse(await servedDocument()).paths;
  const keyRequired = (path: string, method = 'post') =>
    operations[path]?.[method]?.parameters.find((p) => p.name === 'Idempotency-Key')?.required;
  expect(keyRequired('/direct-debit/setup')).toBe(false);
  expect(keyRequired('/direct-debit/setup/disable')).toBe(false);
  expect(keyRequired('/direct-debit/setup/resolve-account')).toBe(false);
  expect(keyRequired('/checkout/{paymentId}/customer')).toBe(false);
  expect(keyRequired('/invoices/{invoiceId}/pay')).toBe(false);
  expect(keyRequired('/api/v1/payments')).toBe(true);
});
