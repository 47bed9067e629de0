/**
 * One sandbox per data directory (issue 11; issue 26, point 6). A second sandbox on a directory a
 * running one holds would rewrite `credentials.json` (revoking the keys the first one printed) and
 * meet `SQLITE_BUSY` on almost every write, so it refuses to start instead, naming the process that
 * holds the directory (docs/decisions/0025-scopes-and-sandbox-controls.md, "One sandbox per data
 * directory"; docs/decisions/0034-sandbox-package-and-ci.md, "The lock").
 *
 * Two files:
 *
 * - `<dataDir>/sandbox.lock.db`: the lock itself, an operating-system file lock. The holder keeps
 *   an SQLite `BEGIN EXCLUSIVE` transaction open on it (libsql's SQLite takes a POSIX `fcntl` lock,
 *   `LockFileEx` on Windows). Taking it is atomic (the kernel arbitrates two starts), and the
 *   kernel drops it when the holder exits in any way, `kill -9` included, so there is no stale lock
 *   to judge and no PID to trust: a dead process or a PID since reused by another program never
 *   blocks a restart. The file stays in place (deleting a lock file while another process opens
 *   it would split the lock in two).
 * - `<dataDir>/sandbox.lock`: who holds it, JSON `{ pid, hostname, startedAt, baseUrl }` (mode
 *   0600, replaced atomically by rename), written once the lock is taken and removed on release.
 *   `baseUrl` is where a server holding the directory answers (null for a CLI command working on
 *   the directory), so CLI commands find a running sandbox ({@link runningSandbox}). A record left
 *   by a crash is ignored: only a held lock makes it true.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { z } from 'zod';

/** Name of the record of the holder inside the data directory (JSON, see the module docs). */
export const lockFileName = 'sandbox.lock';

/** Name of the file that carries the operating-system lock. */
export const lockDatabaseFileName = 'sandbox.lock.db';

/** How long a start waits for a lock that is briefly held (a CLI's probe), in ms. */
const takeWaitMs = 1000;

const holderSchema = z.object({
  pid: z.number().int(),
  hostname: z.string(),
  startedAt: z.string(),
  baseUrl: z.string().nullable().default(null),
});

/** The process that holds a data directory, from `<dataDir>/sandbox.lock`. */
export type LockHolder = z.infer<typeof holderSchema>;

/** Directories this process holds: a second sandbox in the same process is refused at once. */
const heldHere = new Set<string>();

/** A held data directory; `release()` frees it (idempotent). */
export interface DataDirLock {
  /** What `<dataDir>/sandbox.lock` says about this process. */
  holder: LockHolder;
  release(): void;
}

function readHolder(dataDir: string): LockHolder | null {
  try {
    return holderSchema.parse(JSON.parse(readFileSync(join(dataDir, lockFileName), 'utf8')));
  } catch {
    return null; // absent, unreadable or half-written
  }
}

function writeHolder(dataDir: string, holder: LockHolder): void {
  const path = join(dataDir, lockFileName);
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(holder)}\n`, { mode: 0o600 });
  renameSync(temporary, path); // atomic: a reader never sees half a record
}

function isBusy(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'SQLITE_BUSY';
}

/**
 * Opens the lock file and tries its exclusive lock, waiting up to `waitMs`. Returns the open
 * connection holding it, or null when another connection (process) holds it.
 * @throws Error when the file cannot be opened.
 */
function tryLock(dataDir: string, waitMs: number): Database.Database | null {
  const db = new Database(join(dataDir, lockDatabaseFileName));
  try {
    db.exec(`PRAGMA busy_timeout = ${waitMs}`);
    db.exec('BEGIN EXCLUSIVE');
    return db;
  } catch (error) {
    db.close();
    if (isBusy(error)) return null;
    throw error;
  }
}

/** Error thrown when another sandbox holds the directory. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder | null,
  ) {
    const who =
      holder === null
        ? 'another process'
        : `process ${holder.pid} on ${holder.hostname}, started ${holder.startedAt}` +
          (holder.baseUrl === null ? '' : `, serving ${holder.baseUrl}`);
    super(
      `The data directory ${dataDir} is in use by another sandbox: ${who}. Stop that process ` +
        'first, use another directory (SANDBOX_DATA_DIR), or send your commands to the running ' +
        'sandbox: every CLI command finds it through the data directory (or give --base-url).',
    );
    this.name = 'DataDirInUseError';
  }
}

/**
 * Takes the lock of `dataDir` (created if needed, mode 0700) for this process and records it in
 * `<dataDir>/sandbox.lock` with `options.baseUrl` (where this process serves the sandbox; null
 * when it does not). `options.waitMs`: how long a held lock is waited for (default 1000 ms).
 * @throws DataDirInUseError when another process, or this one, holds it (a brief hold such as a
 *   CLI's {@link runningSandbox} probe is waited for); Error when the directory or the lock file
 *   cannot be opened.
 */
export function lockDataDir(
  dataDir: string,
  options: { baseUrl?: string; waitMs?: number } = {},
): DataDirLock {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const key = join(dataDir, lockDatabaseFileName);
  if (heldHere.has(key)) throw new DataDirInUseError(dataDir, readHolder(dataDir));
  const db = tryLock(dataDir, options.waitMs ?? takeWaitMs);
  if (db === null) throw new DataDirInUseError(dataDir, readHolder(dataDir));
  const holder: LockHolder = {
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date().toISOString(),
    baseUrl: options.baseUrl ?? null,
  };
  try {
    writeHolder(dataDir, holder);
  } catch (error) {
    db.close();
    throw error;
  }
  heldHere.add(key);
  let released = false;
  return {
    holder,
    release() {
      if (released) return;
      released = true;
      heldHere.delete(key);
      // The record first, while the lock still says it is ours to remove.
      const onDisk = readHolder(dataDir);
      if (onDisk?.pid === holder.pid && onDisk.startedAt === holder.startedAt) {
        rmSync(join(dataDir, lockFileName), { force: true });
      }
      db.close(); // ends the transaction: the kernel drops the lock
    },
  };
}

/**
 * The process that holds `dataDir` now, or null when none does (no directory, never started, or
 * stopped or crashed: a record left behind does not count). Probes the lock without waiting; a
 * start that races the probe waits for it (see {@link lockDataDir}). This process's own hold
 * counts too.
 * @throws Error when the lock file exists but cannot be opened.
 */
export function runningSandbox(dataDir: string): LockHolder | null {
  const key = join(dataDir, lockDatabaseFileName);
  if (heldHere.has(key)) return readHolder(dataDir);
  if (!existsSync(key)) return null; // nobody ever locked it
  const db = tryLock(dataDir, 0);
  if (db === null) return readHolder(dataDir);
  db.close();
  return null;
}
