/**
 * Issue 26, points 3 and 4: a deeply nested body and an amount below one kobo, sent to every route
 * of the route table that takes them, are a 400 with the documented error shape, never a 500, and
 * change nothing (sandbox/testing/body-route-fuzz.ts makes the callers; scripts/sandbox-fuzz.ts
 * prints the same figures).
 */
import { expect, test } from 'vitest';
import { z } from 'zod';
import { controlCharacterPath } from '../../contract/control-characters';
import { errorBodySchema } from '../../contract/errors';
import { exceedsJsonDepth, jsonDepthMessage, maxJsonDepth } from '../../contract/json-depth';
import type { RouteName } from '../../contract/routes';
import { queryAll, type Db } from '../db/database';
import {
  bodyRouteNames,
  callRoute,
  moneyBodies,
  nestedArrays,
  nestedObjects,
  prepareFuzz,
} from '../testing/body-route-fuzz';
import { createTestSandbox } from '../testing/test-sandbox';
import { redactSecrets, tooDeep } from './request-log';

/** Rows per table, except the request log (a refused request is logged, by design). */
function snapshot(db: Db): Record<string, number> {
  const tables = queryAll(
    db,
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT IN ('request_log')",
    [],
    z.object({ name: z.string() }),
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    counts[name] = queryAll(db, `SELECT 1 FROM "${name}"`, [], z.unknown()).length;
  }
  return counts;
}

async function fuzzSandbox() {
  const unexpected: string[] = [];
  const sandbox = createTestSandbox({
    onUnexpectedError: (_error, requestId) => unexpected.push(requestId),
  });
  const fixtures = await prepareFuzz(sandbox);
  return { sandbox, fixtures, unexpected };
}

test('the issue’s 6.5 KB nested body is a 400 with the documented shape on every body route, and writes nothing', async () => {
  const { sandbox, fixtures, unexpected } = await fuzzSandbox();
  expect(bodyRouteNames.length).toBe(32);
  const before = snapshot(sandbox.sandbox.db);
  for (const name of bodyRouteNames) {
    for (const body of [nestedArrays(3281), nestedObjects(maxJsonDepth + 1)]) {
      const answer = await callRoute(sandbox, fixtures, name, body);
      expect(answer.status, name).toBe(400);
      const error = errorBodySchema.parse(answer.body);
      expect(error.code, name).toBe('VALIDATION_FAILED');
      expect(error.message, name).toBe(`Validation failed: request body: ${jsonDepthMessage}`);
      expect(error.requestId, name).toMatch(/^req_/);
    }
  }
  expect(snapshot(sandbox.sandbox.db)).toEqual(before);
  expect(unexpected).toEqual([]);
  sandbox.close();
});

test('a body at the depth bound is read and judged by the route’s own rules', async () => {
  const { sandbox, fixtures } = await fuzzSandbox();
  // 32 levels in all: the body, then metadata's 31.
  const metadata = JSON.parse(nestedObjects(maxJsonDepth - 2)) as unknown;
  expect(exceedsJsonDepth({ metadata })).toBe(false);
  expect(exceedsJsonDepth({ metadata: [metadata] })).toBe(true);
  const answer = await callRoute(
    sandbox,
    fixtures,
    'createPayment',
    JSON.stringify({
      amount: { amount: 10, currency: 'NGN' },
      paymentMethod: 'hosted_checkout',
      metadata,
    }),
  );
  expect(answer.status).toBe(400);
  const { message } = errorBodySchema.parse(answer.body);
  expect(message).not.toContain(jsonDepthMessage);
  expect(message).toContain('metadata.a');
  sandbox.close();
});

test('an amount below one kobo is 400 VALIDATION_FAILED on every money route, and writes nothing', async () => {
  const { sandbox, fixtures, unexpected } = await fuzzSandbox();
  const before = snapshot(sandbox.sandbox.db);
  const bodies = Object.entries(moneyBodies(fixtures, 1e-9));
  expect(bodies.length).toBe(8);
  for (const [name, body] of bodies) {
    const answer = await callRoute(sandbox, fixtures, name as RouteName, JSON.stringify(body));
    expect(answer.status, name).toBe(400);
    const error = errorBodySchema.parse(answer.body);
    expect(error.code, name).toBe('VALIDATION_FAILED');
    expect(error.message, name).toContain('must be at least 0.01 naira (one kobo)');
    expect(error.requestId, name).toMatch(/^req_/);
  }
  expect(snapshot(sandbox.sandbox.db)).toEqual(before);
  expect(unexpected).toEqual([]);
  sandbox.close();
});

test('the walkers themselves survive any depth: the control-character check and the redaction', () => {
  const deep = JSON.parse(nestedArrays(100_000)) as unknown;
  expect(exceedsJsonDepth(deep)).toBe(true);
  expect(controlCharacterPath(deep)).toBeNull();
  // Found at the bottom of 20,000 levels, with its whole path.
  const withNul = JSON.parse(`${'{"a":'.repeat(20_000)}"x\\u0000"${'}'.repeat(20_000)}`) as unknown;
  expect(controlCharacterPath(withNul)).toEqual(Array<string>(20_000).fill('a'));
  const redacted = JSON.stringify(redactSecrets(deep));
  expect(redacted).toBe(`${'['.repeat(maxJsonDepth)}"${tooDeep}"${']'.repeat(maxJsonDepth)}`);
});
