/**
 * The sandbox's embedded database: libsql (SQLite) with its synchronous, better-sqlite3-compatible
 * API (docs/decisions/0005-sandbox-storage-and-server.md).
 *
 * Rows cross into TypeScript through zod schemas ({@link queryOne}, {@link queryAll}): the driver
 * types rows as `unknown` and adds a `_metadata` field, and parsing keeps both out of our types.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'libsql';
import type { z } from 'zod';
import { migrate } from './migrations';

/** An open connection. Synchronous: every statement runs to completion before returning. */
export type Db = Database.Database;

/** Values SQLite binds: TEXT, INTEGER/REAL, NULL. */
export type SqlValue = string | number | null;

/** Name of the database file inside the data directory. */
export const databaseFileName = 'sandbox.db';

/**
 * Opens the database and applies pending migrations.
 *
 * - `dataDir` given: `<dataDir>/sandbox.db` (the directory is created), WAL journal, so the Node
 *   server and a CLI command can read it at the same time; every record survives a restart.
 *   `synchronous = NORMAL`: a commit is written to the WAL without waiting for the disk (the WAL
 *   is synced at checkpoints), so a committed write survives the process's end however it ends
 *   (`kill -9` included); only a power cut or an operating-system crash may lose the last
 *   commits, never the database's consistency. `FULL` waited for the disk on every commit
 *   (about 5 ms here, most of a request; docs/decisions/0038-sandbox-throughput.md).
 * - `dataDir` absent: a private in-memory database that disappears on `close()` (tests, MSW).
 *
 * Foreign keys are enforced. A busy database is retried for up to 5 s before failing.
 * @throws Error when the file cannot be opened or a migration fails (nothing of that migration
 *   is applied).
 */
export function openDatabase(options: { dataDir?: string }): Db {
  let db: Db;
  if (options.dataDir === undefined) {
    db = new Database(':memory:');
  } else {
    // Owner-only: the directory holds customer data, the webhook secret and the link secret.
    mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
    db = new Database(join(options.dataDir, databaseFileName));
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = NORMAL');
  }
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');
  migrate(db);
  return db;
}

/** Prepared statements by connection and SQL text (see {@link statement}). */
const statements = new WeakMap<Db, Map<string, Database.Statement>>();

/** Most statements kept per connection: the SQL texts are constants or a few shapes of each. */
const maxStatements = 1000;

/**
 * The prepared statement of `sql` on `db`, prepared once per connection and reused: preparing is
 * most of the cost of a short query in libsql, and every request runs dozens (its due work, its
 * reads). SQLite re-prepares a kept statement by itself after a schema change.
 */
function statement(db: Db, sql: string): Database.Statement {
  let cache = statements.get(db);
  if (cache === undefined) {
    cache = new Map();
    statements.set(db, cache);
  }
  let prepared = cache.get(sql);
  if (prepared === undefined) {
    if (cache.size >= maxStatements) cache.clear();
    prepared = db.prepare(sql);
    cache.set(sql, prepared);
  }
  return prepared;
}

/** The first row of `sql` parsed with `schema`, or null when there is none. */
export function queryOne<S extends z.ZodType>(
  db: Db,
  sql: string,
  params: readonly SqlValue[],
  schema: S,
): z.output<S> | null {
  const row = statement(db, sql).get(...params);
  return row === undefined ? null : schema.parse(row);
}

/** Every row of `sql`, each parsed with `schema`. */
export function queryAll<S extends z.ZodType>(
  db: Db,
  sql: string,
  params: readonly SqlValue[],
  schema: S,
): z.output<S>[] {
  return statement(db, sql)
    .all(...params)
    .map((row) => schema.parse(row));
}

/** Runs a write statement; returns the number of rows it changed. */
export function execute(db: Db, sql: string, params: readonly SqlValue[] = []): number {
  return statement(db, sql).run(...params).changes;
}

let savepointCounter = 0;

/**
 * Runs `fn` atomically: in a transaction, or in a savepoint when a transaction is already open
 * (libsql's own `transaction()` cannot nest). A thrown error rolls back everything `fn` wrote and
 * is rethrown. `fn` must be synchronous: an `await` inside would let other requests interleave.
 */
export function atomically<T>(db: Db, fn: () => T): T {
  // IMMEDIATE: the write lock is taken up front, so a write committed meanwhile by another
  // process on the same file (a CLI command such as create-key) is waited for (busy_timeout)
  // instead of failing this transaction's first write with SQLITE_BUSY.
  if (!db.inTransaction) return db.transaction(fn).immediate();
  savepointCounter += 1;
  const name = `sp_${savepointCounter}`;
  db.exec(`SAVEPOINT ${name}`);
  try {
    const result = fn();
    db.exec(`RELEASE ${name}`);
    return result;
  } catch (error) {
    db.exec(`ROLLBACK TO ${name}`);
    db.exec(`RELEASE ${name}`);
    throw error;
  }
}
