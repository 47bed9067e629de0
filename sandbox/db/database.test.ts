import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, test } from 'vitest';
import { z } from 'zod';
import { openDatabase, queryAll, queryOne } from './database';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-db-'));
  made.push(dir);
  return dir;
}

test('a data directory is WAL with commits that do not wait for the disk', () => {
  const db = openDatabase({ dataDir: tempDir() });
  try {
    expect(queryOne(db, 'PRAGMA journal_mode', [], z.object({ journal_mode: z.string() }))).toEqual(
      { journal_mode: 'wal' },
    );
    // 1 = NORMAL: no fsync per commit (2, FULL, cost about 5 ms per write here).
    expect(queryOne(db, 'PRAGMA synchronous', [], z.object({ synchronous: z.number() }))).toEqual({
      synchronous: 1,
    });
  } finally {
    db.close();
  }
});

test('a write committed before the process is killed with SIGKILL is there when reopened', async () => {
  const dataDir = tempDir();
  openDatabase({ dataDir }).close(); // migrations applied once, outside the child
  const databaseModule = fileURLToPath(new URL('./database.ts', import.meta.url));
  // The child commits one row, says so, then waits to be killed.
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { openDatabase, execute } = await import(${JSON.stringify(databaseModule)});
       const db = openDatabase({ dataDir: ${JSON.stringify(dataDir)} });
       execute(db, 'CREATE TABLE acknowledged (name TEXT NOT NULL)');
       execute(db, "INSERT INTO acknowledged (name) VALUES ('Killed Ltd')");
       console.log('committed');
       setInterval(() => {}, 1000);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.once('exit', () => reject(new Error('The child exited before committing')));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line === 'committed') resolve();
    });
  });
  child.kill('SIGKILL');
  await exited;
  const db = openDatabase({ dataDir });
  try {
    expect(
      queryAll(db, 'SELECT name FROM acknowledged', [], z.object({ name: z.string() })),
    ).toEqual([{ name: 'Killed Ltd' }]);
  } finally {
    db.close();
  }
}, 30_000);
