/**
 * Requests take turns (http/turns.ts): a connection opened while others keep the sandbox busy is
 * answered after a few of their answers, not after a whole round of theirs per connection ahead
 * of it. Counted in answers, not timed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startServer, type RunningServer } from '../server';
import { awaitTurn } from './turns';

const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-turns-'));
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ port: 0, host: '127.0.0.1', dataDir });
});

afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('turns are given in the order they were asked for, each in a later turn of the event loop', async () => {
  const order: string[] = [];
  const turns = ['a', 'b', 'c'].map((name) => awaitTurn().then(() => order.push(name)));
  // Work queued for the next turn of the loop runs before the second request's turn.
  setImmediate(() => order.push('between'));
  await Promise.all(turns);
  expect(order).toEqual(['a', 'between', 'b', 'c']);
});

test('20 connections opened at once are each answered before the busy ones have had 60 answers', async () => {
  const connections = 20;
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const { hostname, port } = new URL(server.url);
  const healthz = () =>
    new Promise<void>((resolve, reject) => {
      const req = httpRequest({ hostname, port, path: '/healthz', agent }, (res) => {
        res.resume();
        res.on('end', resolve);
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  let answers = 0;
  // For each connection, how many answers (to every connection) had come when its first came.
  const answersBeforeFirst: number[] = [];
  try {
    await Promise.all(
      Array.from({ length: connections }, async () => {
        await healthz();
        answers += 1;
        answersBeforeFirst.push(answers);
        // Keep the server busy, back to back, until every connection has had its first answer
        // (bounded: without turns the last one waited for 110 answers).
        while (answersBeforeFirst.length < connections && answers < 2000) {
          await healthz();
          answers += 1;
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  expect(answersBeforeFirst).toHaveLength(connections);
  expect(Math.max(...answersBeforeFirst)).toBeLessThan(60);
});
