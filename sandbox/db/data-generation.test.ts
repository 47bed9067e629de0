import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { z } from 'zod';
import { recordRequest } from '../core/request-log';
import { createTestSandbox, type TestSandbox } from '../testing/test-sandbox';
import { dataGeneration } from './data-generation';
import { execute, openDatabase, queryAll, type Db } from './database';

const opened: Array<Db | TestSandbox> = [];
const dirs: string[] = [];
afterEach(() => {
  for (const each of opened.splice(0)) each.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The database of a new in-memory sandbox (its demo merchant included), and that merchant. */
function sandboxDb(): { db: Db; merchantId: string } {
  const sandbox = createTestSandbox();
  opened.push(sandbox);
  const { db } = sandbox.sandbox;
  const [merchant] = queryAll(db, 'SELECT id FROM merchants', [], z.object({ id: z.string() }));
  if (merchant === undefined) throw new Error('The sandbox has no merchant');
  return { db, merchantId: merchant.id };
}

function open(dataDir: string): Db {
  const db = openDatabase({ dataDir });
  opened.push(db);
  return db;
}

/** A data write: one setting row inserted. */
function writeData(db: Db, key: string): void {
  execute(db, 'INSERT INTO sandbox_settings (key, value) VALUES (?, ?)', [key, '1']);
}

function logEntry(db: Db, merchantId: string, n: number): void {
  recordRequest(db, {
    requestId: `req_${n}`,
    merchantId,
    mode: 'test',
    method: 'GET',
    path: '/api/v1/payments',
    status: 200,
    idempotencyKey: null,
    durationMs: 1,
    requestBody: undefined,
    response: { body: { data: [], hasMore: false } },
    at: new Date('2026-11-28T10:00:00Z'),
    receivedAt: new Date('2026-11-28T10:00:00Z'),
  });
}

test('reads and request-log entries leave the data generation as it was; a data write moves it', () => {
  const { db, merchantId } = sandboxDb();
  const first = dataGeneration(db);
  queryAll(db, 'SELECT * FROM payments', [], z.unknown());
  logEntry(db, merchantId, 1);
  logEntry(db, merchantId, 2);
  expect(queryAll(db, 'SELECT id FROM request_log', [], z.unknown())).toHaveLength(2);
  expect(dataGeneration(db)).toBe(first);

  writeData(db, 'a');
  const afterWrite = dataGeneration(db);
  expect(afterWrite).not.toBe(first);
  logEntry(db, merchantId, 3);
  expect(dataGeneration(db)).toBe(afterWrite);
});

test('a commit by another connection on the same file (a CLI command) moves the data generation', () => {
  const dir = mkdtempSync(join(tmpdir(), 'data-generation-'));
  dirs.push(dir);
  const server = open(dir);
  const cli = open(dir);
  const before = dataGeneration(server);
  writeData(cli, 'b');
  expect(dataGeneration(server)).not.toBe(before);
});
