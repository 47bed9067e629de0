import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { routes, type RouteDef } from '../../../contract/routes';
import { createTestSandbox } from '../../testing/test-sandbox';
import { errorBodySchema } from '../../../contract/errors';
import { scopeTableRow } from './scope-table';

const secretKeyRoutes: RouteDef[] = Object.values(routes).filter(
  (route) => route.auth === 'secretKey',
);

test('the README scope table is the enforced one: every secret-key route, its scope and its keys', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('## Scopes'));
  const table = section.slice(0, section.indexOf('\n\n', section.indexOf('| route')));
  const documented = table
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  expect(documented).toEqual(secretKeyRoutes.map(scopeTableRow));
});

test('a key without sandbox:controls opens no control, no webhook setting and no delivery log', async () => {
  const sandbox = createTestSandbox();
  const everyOtherScope = ['subscriptions:read', 'subscriptions:write', 'payouts:create'] as const;
  const keys = {
    test: sandbox.issueKey({ mode: 'test', scopes: everyOtherScope }),
    live: sandbox.issueKey({ mode: 'live', scopes: everyOtherScope }),
  };
  const controls = secretKeyRoutes.filter((route) => route.scope === 'sandbox:controls');
  expect(controls.length).toBeGreaterThan(10);
  for (const route of controls) {
    const key = route.liveOnly === true ? keys.live : keys.test;
    const path = route.path.replace(/:(\w+)/g, 'x_$1');
    const response = await sandbox.api(route.method, path, {
      key,
      body: route.method === 'GET' ? undefined : {},
      idempotencyKey: null,
    });
    expect(response.status, `${route.method} ${route.path}`).toBe(403);
    expect(errorBodySchema.parse(response.body).code).toBe('INSUFFICIENT_SCOPE');
  }
  sandbox.close();
});

test('a test key with no scope cannot issue a live payout key, open payouts, fund live or repoint webhooks', async () => {
  const sandbox = createTestSandbox();
  const key = sandbox.issueKey({ mode: 'test', scopes: [] });
  const attempts = [
    ['POST', '/sandbox/v1/payouts/keys', {}],
    ['PUT', '/sandbox/v1/payouts/access', { kycApproved: true, enabled: true }],
    ['POST', '/sandbox/v1/settlements', { amount: 1000, mode: 'live' }],
    ['PUT', '/sandbox/v1/webhooks/endpoint', { url: 'https://attacker.example.com/hooks' }],
  ] as const;
  for (const [method, path, body] of attempts) {
    const response = await sandbox.api(method, path, { key, body });
    expect(response.status, path).toBe(403);
  }
  const access = await sandbox.api('GET', '/sandbox/v1/payouts/access', {
    key: sandbox.credentials.liveSecretKey,
  });
  expect(access.body).toMatchObject({ data: { kycApproved: false, enabled: false } });
  const endpoint = await sandbox.api('GET', '/sandbox/v1/webhooks/endpoint');
  expect(endpoint.body).toMatchObject({ data: { url: null } });
  sandbox.close();
});
