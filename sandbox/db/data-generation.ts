/**
 * The data generation of a sandbox database: a value that changes whenever its data may have
 * changed, so that an answer computed from the data alone can be kept until then
 * (core/kept-answers.ts; docs/decisions/0041-kept-list-answers.md).
 *
 * It counts every row this connection has inserted, updated or deleted (SQLite's
 * `total_changes()`, trigger programs and rolled-back statements included: a count that moves
 * more often than the data only costs a recomputation), less the rows written by work that changes
 * no data ({@link withoutDataChange}: the request log), together with SQLite's `data_version`,
 * which moves when another connection (a CLI command on the same file) commits.
 */
import { z } from 'zod';
import { queryOne, type Db } from './database';

/** Rows each connection has written inside {@link withoutDataChange}. */
const uncounted = new WeakMap<Db, number>();

const countsSchema = z.object({ changes: z.number().int(), version: z.number().int() });

function countsOf(db: Db): z.output<typeof countsSchema> {
  const counts = queryOne(
    db,
    'SELECT total_changes() AS changes, (SELECT data_version FROM pragma_data_version) AS version',
    [],
    countsSchema,
  );
  if (counts === null) throw new Error('SQLite answered no row to total_changes()');
  return counts;
}

/**
 * The data generation of `db` now, e.g. `"3:1207"` (other connections' commits, then this
 * connection's rows changed). Equal values mean no data was written in between.
 */
export function dataGeneration(db: Db): string {
  const { changes, version } = countsOf(db);
  return `${version}:${changes - (uncounted.get(db) ?? 0)}`;
}

/**
 * Runs `fn`, whose writes change no data an answer is computed from (the request log's entries
 * and their trim), without moving the data generation. Returns what `fn` returns.
 */
export function withoutDataChange<T>(db: Db, fn: () => T): T {
  const before = countsOf(db).changes;
  try {
    return fn();
  } finally {
    const written = countsOf(db).changes - before;
    uncounted.set(db, (uncounted.get(db) ?? 0) + written);
  }
}
