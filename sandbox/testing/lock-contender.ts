/**
 * A process that contends for data-directory locks, for sandbox/db/data-dir-lock.test.ts: run with
 * `node --import tsx sandbox/testing/lock-contender.ts`, it prints `ready`, then reads commands on
 * stdin, one per line, and answers each with one line:
 *
 * - `take <dir> [waitMs]` → `won <dir>` or `refused <dir>` (`error <message>` for anything else);
 * - `release` → `released` (frees the lock this process holds, if any).
 */
import { createInterface } from 'node:readline';
import { DataDirInUseError, lockDataDir, type DataDirLock } from '../db/data-dir-lock';

let held: DataDirLock | null = null;
console.log('ready');
for await (const line of createInterface({ input: process.stdin })) {
  const [command, dir, waitMs] = line.split(' ');
  if (command === 'take' && dir !== undefined) {
    try {
      held = lockDataDir(dir, {
        baseUrl: `http://127.0.0.1:${process.pid}`,
        waitMs: waitMs === undefined ? undefined : Number(waitMs),
      });
      console.log(`won ${dir}`);
    } catch (error) {
      console.log(error instanceof DataDirInUseError ? `refused ${dir}` : `error ${String(error)}`);
    }
  } else if (command === 'release') {
    held?.release();
    held = null;
    console.log('released');
  }
}
