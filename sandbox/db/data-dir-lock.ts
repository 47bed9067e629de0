/**
 * One sandbox per data directory (issue 11). A second sandbox on a directory a running one holds
 * would rewrite `credentials.json` (revoking the keys the first one printed) and meet
 * `SQLITE_BUSY` on almost every write, so it refuses to start instead, naming the process that
 * holds the directory (docs/decisions/0025-scopes-and-sandbox-controls.md, "One sandbox per data
 * directory").
 *
 * The lock is `<dataDir>/sandbox.lock`, created exclusively (`O_EXCL`) and holding
 * `{ pid, hostname, startedAt }`. A lock whose process is gone (a crash, `kill -9`) is stale and
 * taken over; a lock of another host is never judged stale (its processes cannot be seen).
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';

/** Name of the lock file inside the data directory. */
export const lockFileName = 'sandbox.lock';

const holderSchema = z.object({
  pid: z.number().int(),
  hostname: z.string(),
  startedAt: z.string(),
});
type Holder = z.infer<typeof holderSchema>;

/** Directories this process holds: a second sandbox in the same process is refused too. */
const heldHere = new Set<string>();

/** A held data directory; `release()` removes the lock (idempotent). */
export interface DataDirLock {
  release(): void;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

function readHolder(path: string): Holder | null {
  try {
    return holderSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  } catch {
    return null; // unreadable or half-written: treated as stale
  }
}

/** Error thrown when another sandbox holds the directory. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: Holder,
  ) {
    super(
      `The data directory ${dataDir} is in use by another sandbox: process ${holder.pid} on ` +
        `${holder.hostname}, started ${holder.startedAt}. Stop that process first, use another ` +
        `directory (SANDBOX_DATA_DIR), or send commands to the running sandbox (--base-url).`,
    );
    this.name = 'DataDirInUseError';
  }
}

/**
 * Takes the lock of `dataDir` (created if needed, mode 0700) for this process.
 * @throws DataDirInUseError when a running process (this one included) holds it.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, lockFileName);
  const me: Holder = {
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    let fd: number;
    try {
      fd = openSync(path, 'wx', 0o600);
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
      const holder = readHolder(path);
      const live =
        holder !== null &&
        (holder.hostname !== me.hostname ||
          (holder.pid === process.pid ? heldHere.has(path) : isRunning(holder.pid)));
      if (holder !== null && live) throw new DataDirInUseError(dataDir, holder);
      rmSync(path, { force: true }); // stale: its process is gone
      continue;
    }
    writeSync(fd, JSON.stringify(me));
    closeSync(fd);
    heldHere.add(path);
    let released = false;
    return {
      release() {
        if (released) return;
        released = true;
        heldHere.delete(path);
        rmSync(path, { force: true });
      },
    };
  }
  throw new Error(`Could not take the lock ${path}: another process keeps replacing it`);
}
