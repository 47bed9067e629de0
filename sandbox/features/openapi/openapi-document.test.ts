import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterEach, expect, test } from 'vitest';
import { z } from 'zod';
import { eventTypes } from '../../../contract/events';
import type { RouteDef } from '../../../contract/route';
import { routes, type RouteName } from '../../../contract/routes';
import { createTestSandbox, type TestSandbox } from '../../testing/test-sandbox';
import { eventComponentName } from './components';

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

const operationSchema = z.object({
  operationId: z.string(),
  responses: z.record(
    z.string(),
    z.object({
      headers: z.record(z.string(), z.unknown()).optional(),
      content: z.record(z.string(), z.object({ schema: z.unknown() })).optional(),
      'x-error-codes': z.array(z.string()).optional(),
    }),
  ),
});
const documentSchema = z.object({
  paths: z.record(z.string(), z.record(z.string(), operationSchema)),
  webhooks: z.record(
    z.string(),
    z.object({
      post: z.object({
        parameters: z.array(z.object({ name: z.string(), in: z.string() })),
        requestBody: z.object({
          content: z.object({ 'application/json': z.object({ schema: z.unknown() }) }),
        }),
      }),
    }),
  ),
  components: z.object({
    schemas: z.record(z.string(), z.record(z.string(), z.unknown())),
    headers: z.record(z.string(), z.unknown()),
  }),
});

function operationOf(document: z.infer<typeof documentSchema>, name: RouteName) {
  const route: RouteDef = routes[name];
  const operation =
    document.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
  if (operation === undefined) throw new Error(`${name} is not described`);
  return operation;
}

/** The (status, code) pairs an operation declares, e.g. `403 INSUFFICIENT_SCOPE`, `401 -`. */
function declaredErrors(operation: z.infer<typeof operationSchema>): Set<string> {
  const declared = new Set<string>();
  for (const [status, response] of Object.entries(operation.responses)) {
    if (Number(status) < 400) continue;
    declared.add(`${status} -`);
    for (const code of response['x-error-codes'] ?? []) declared.add(`${status} ${code}`);
  }
  return declared;
}

test('the main resources, the error shape and every event are named schemas that operations refer to', async () => {
  const document = documentSchema.parse(await servedDocument());
  const { schemas } = document.components;
  for (const name of [
    'Payment',
    'Subscription',
    'Plan',
    'Invoice',
    'Mandate',
    'VirtualAccount',
    'Transaction',
    'Payout',
    'Beneficiary',
    'Error',
    'WebhookEvent',
    'SampleEvent',
    'EventType',
  ]) {
    expect(schemas[name]?.type ?? schemas[name]?.anyOf ?? schemas[name]?.oneOf, name).toBeDefined();
  }
  // A read answers `{ data: <$ref> }`; an error answer refers to the one error shape.
  const getPayment = operationOf(document, 'getPayment');
  expect(getPayment.responses['200']?.content?.['application/json']?.schema).toMatchObject({
    properties: { data: { $ref: '#/components/schemas/Payment' } },
  });
  expect(JSON.stringify(getPayment.responses['404'])).toContain('#/components/schemas/Error');
  expect(JSON.stringify(operationOf(document, 'listSubscriptions').responses['200'])).toContain(
    '#/components/schemas/Subscription',
  );
  expect(
    operationOf(document, 'createPayment').responses['201']?.content?.['application/json'],
  ).toBeDefined();
  // Every $ref resolves to a component that exists.
  for (const [, name] of JSON.stringify(document).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
    expect(schemas[name ?? ''], name).toBeDefined();
  }
});

test('every event kind has a webhooks entry: the signed POST and its typed payload', async () => {
  const document = documentSchema.parse(await servedDocument());
  expect(Object.keys(document.webhooks)).toEqual([...eventTypes]);
  for (const type of eventTypes) {
    const post = document.webhooks[type]?.post;
    expect(post?.parameters.map((parameter) => parameter.name)).toEqual([
      'X-Service-Signature',
      'X-Service-Timestamp',
      'X-Service-Event',
    ]);
    const name = eventComponentName(type);
    expect(post?.requestBody.content['application/json'].schema).toEqual({
      oneOf: [
        { $ref: `#/components/schemas/${name}` },
        { $ref: '#/components/schemas/SampleEvent' },
      ],
    });
    expect(document.components.schemas[name]).toMatchObject({
      properties: { type: { const: type } },
    });
  }
});

test('every route declares its success statuses, and the failures its definition implies, with x-request-id', async () => {
  const document = documentSchema.parse(await servedDocument());
  for (const [name, route] of Object.entries(routes) as [RouteName, RouteDef][]) {
    const operation = operationOf(document, name);
    const statuses = Object.keys(operation.responses);
    const success = statuses.filter((status) => Number(status) < 400).map(Number);
    expect(success, name).toEqual([...(route.success ?? [200])]);
    for (const response of Object.values(operation.responses)) {
      expect(Object.keys(response.headers ?? {}), name).toContain('x-request-id');
    }
    const errors = declaredErrors(operation);
    expect(errors.has('500 INTERNAL_ERROR'), name).toBe(true);
    if (route.auth === 'secretKey') expect(errors.has('401 -'), name).toBe(true);
    if (route.scope !== undefined) expect(errors.has('403 INSUFFICIENT_SCOPE'), name).toBe(true);
    if (route.request !== undefined) {
      expect(errors.has('400 VALIDATION_FAILED'), name).toBe(true);
      expect(errors.has('400 INVALID_JSON'), name).toBe(true);
    }
    if (route.idempotent) {
      // The interface document's error table gives the conflict no code.
      expect(errors.has('409 -'), name).toBe(true);
      expect(errors.has('409 IDEMPOTENCY_KEY_CONFLICT'), name).toBe(false);
      expect(Object.keys(operation.responses[String(success[0])]?.headers ?? {})).toContain(
        'idempotent-replayed',
      );
    }
    if (route.auth === 'directDebitToken') {
      expect(errors.has('401 INVALID_SETUP_LINK'), name).toBe(true);
    }
  }
  // The account lookup's rate limit says how long to wait.
  const resolve = operationOf(document, 'resolveAccount').responses['429'];
  expect(resolve?.['x-error-codes']).toEqual(['RATE_LIMITED']);
  expect(Object.keys(resolve?.headers ?? {})).toContain('Retry-After');
});

test('webhook test and replay are declared as the 202 they answer (issue 26, point 10)', async () => {
  const sandbox = createTestSandbox();
  sandboxes.push(sandbox);
  const document = documentSchema.parse(await servedDocument());
  const key = sandbox.issueKey({ scopes: ['sandbox:controls'] });
  // Without an endpoint: the documented 409.
  const refused = await sandbox.api('POST', '/sandbox/v1/webhooks/test', { key, body: {} });
  expect(refused.status).toBe(409);
  const sendTest = operationOf(document, 'sendTestWebhook');
  expect(
    declaredErrors(sendTest).has(`409 ${z.object({ code: z.string() }).parse(refused.body).code}`),
  ).toBe(true);

  await sandbox.api('PUT', '/sandbox/v1/webhooks/endpoint', {
    key,
    body: { url: 'http://127.0.0.1:9/webhooks' },
  });
  const sent = await sandbox.api('POST', '/sandbox/v1/webhooks/test', { key, body: {} });
  expect(sent.status).toBe(202);
  expect(Object.keys(sendTest.responses)).toContain('202');
  const eventId = z
    .object({ data: z.object({ event: z.object({ id: z.string() }) }) })
    .parse(sent.body).data.event.id;
  const replayed = await sandbox.api('POST', `/sandbox/v1/webhooks/events/${eventId}/replay`, {
    key,
    body: {},
  });
  expect(replayed.status).toBe(202);
  expect(Object.keys(operationOf(document, 'replayWebhookEvent').responses)).toEqual(
    expect.arrayContaining(['202']),
  );
});

test('failures the sandbox really answers are declared for their operation, code included', async () => {
  const sandbox = createTestSandbox();
  sandboxes.push(sandbox);
  const document = documentSchema.parse(await servedDocument());
  const noScope = sandbox.issueKey({ scopes: [] });
  const plan = { name: 'Gym', amount: 15000, currency: 'NGN', interval: 'monthly' };
  await sandbox.api('POST', '/api/v1/subscriptions/plans', { body: plan, idempotencyKey: 'k-1' });
  const calls: [RouteName, Promise<{ status: number; body: unknown }>][] = [
    ['getPayment', sandbox.api('GET', '/api/v1/payments/osp_missing')],
    ['getPayment', sandbox.api('GET', '/api/v1/payments/osp_missing', { key: null })],
    ['listPlans', sandbox.api('GET', '/api/v1/subscriptions/plans', { key: noScope })],
    ['listPlans', sandbox.api('GET', '/api/v1/subscriptions/plans?limit=0')],
    [
      'createPlan',
      sandbox.api('POST', '/api/v1/subscriptions/plans', { body: plan, idempotencyKey: null }),
    ],
    [
      'createPlan',
      sandbox.api('POST', '/api/v1/subscriptions/plans', {
        body: { ...plan, amount: 1 },
        idempotencyKey: 'k-1',
      }),
    ],
    [
      'createPlan',
      sandbox.api('POST', '/api/v1/subscriptions/plans', {
        rawBody: '{',
        headers: { 'content-type': 'application/json' },
      }),
    ],
    [
      'advanceClock',
      sandbox.api('POST', '/sandbox/v1/clock/advance', {
        key: sandbox.credentials.liveSecretKey,
        body: { seconds: 60 },
      }),
    ],
    [
      'getSetup',
      sandbox.api('GET', '/direct-debit/setup', {
        key: null,
        headers: { 'x-direct-debit-token': 'nope' },
      }),
    ],
  ];
  for (const [name, call] of calls) {
    const { status, body } = await call;
    const code = z.object({ code: z.string().optional() }).parse(body).code ?? '-';
    expect(status, name).toBeGreaterThanOrEqual(400);
    expect(declaredErrors(operationOf(document, name)), `${name}: ${status} ${code}`).toContain(
      `${status} ${code}`,
    );
  }
});
