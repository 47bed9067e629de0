/**
 * Answers kept until the data changes (docs/decisions/0041-kept-list-answers.md): a read whose
 * answer is computed from the database alone (no clock, no request log, nothing random) is
 * answered again from the text it produced, for as long as the data generation it was computed
 * at (db/data-generation.ts) still stands. A route opts in with `keptUntilDataChanges` on its
 * handler (core/handler.ts); the list of payments does, which a merchant's reconciliation reads
 * page after page.
 */
import type { Db } from '../db/database';

/** An answer as it went out, and the handler's value of it (for the request log). */
export interface KeptAnswer {
  status: number;
  /** The JSON text of the body, already checked against the route's response schema. */
  bodyText: string;
  body: unknown;
  headers: Record<string, string> | undefined;
}

interface Entry {
  generation: string;
  answer: KeptAnswer;
}

/** Most answers kept per database; all are dropped when it is reached (a bound, not an LRU). */
const maxKept = 200;

const kept = new WeakMap<Db, Map<string, Entry>>();

/** The answer kept for `key` on `db` at `generation`, or undefined (never kept, or stale). */
export function keptAnswer(db: Db, key: string, generation: string): KeptAnswer | undefined {
  const entry = kept.get(db)?.get(key);
  return entry?.generation === generation ? entry.answer : undefined;
}

/**
 * Keeps `answer` for `key` on `db`, computed at data generation `generation`. The key must name
 * everything the answer depends on besides the data: the route, the caller's merchant and mode,
 * the path and the query string.
 */
export function keepAnswer(db: Db, key: string, generation: string, answer: KeptAnswer): void {
  let entries = kept.get(db);
  if (entries === undefined) {
    entries = new Map();
    kept.set(db, entries);
  }
  if (entries.size >= maxKept && !entries.has(key)) entries.clear();
  entries.set(key, { generation, answer });
}
