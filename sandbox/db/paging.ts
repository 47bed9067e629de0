/**
 * The one cursor-paging query behind every list (contract/paging.ts;
 * docs/decisions/0016-reads-lists-and-paging.md).
 *
 * Order: newest first by `created_at`, then by `rowid` (insertion order) so that records made in
 * the same instant (the test clock stands still) still have one fixed order. A cursor is a record
 * id; its position is looked up in the same merchant and mode, so a cursor from the other mode is
 * refused like an unknown one. A record created between two page requests appears at the head of
 * the list and never shifts a page that follows a cursor.
 */
import { z } from 'zod';
import type { Mode } from '../../contract/common';
import { errorCodes } from '../../contract/errors';
import type { PageQuery } from '../../contract/paging';
import { ApiError, notFound } from '../core/api-error';
import { queryAll, queryOne, type Db, type SqlValue } from './database';

/** A list's table with its merchant/mode columns, and what it holds (for messages). */
export interface ListSource<S extends z.ZodType> {
  /** A table with `id`, `merchant_id`, `mode` and `created_at` columns (a constant, never input). */
  table: string;
  /** Singular noun for messages, e.g. `plan`. */
  noun: string;
  rowSchema: S;
}

/** Equality filters on columns of the table: column name (a constant) → value; undefined = none. */
export type ColumnFilters = Record<string, SqlValue | undefined>;

const positionSchema = z.object({ created_at: z.string(), rowid: z.number().int() });

function cursorPosition(
  db: Db,
  source: { table: string; noun: string },
  owner: { merchantId: string; mode: Mode },
  id: string,
  parameter: string,
): z.output<typeof positionSchema> {
  const position = queryOne(
    db,
    `SELECT created_at, rowid FROM ${source.table} WHERE id = ? AND merchant_id = ? AND mode = ?`,
    [id, owner.merchantId, owner.mode],
    positionSchema,
  );
  if (position === null) {
    throw new ApiError(400, `Validation failed: ${parameter}: no ${source.noun} with id ${id}`, {
      code: errorCodes.validationFailed,
    });
  }
  return position;
}

/**
 * One page of `source` for this merchant and mode: at most `page.limit` rows, newest first, after
 * `starting_after` or before `ending_before`, within the created-at bounds and `filters`.
 * @returns the rows (newest first) and whether more lie beyond the page in its direction.
 * @throws ApiError 400 VALIDATION_FAILED when a cursor names no record of this kind in the mode,
 *   or both cursors are given.
 */
export function listPage<S extends z.ZodType>(
  db: Db,
  source: ListSource<S>,
  owner: { merchantId: string; mode: Mode },
  page: PageQuery,
  filters: ColumnFilters = {},
): { rows: z.output<S>[]; hasMore: boolean } {
  const where = ['merchant_id = ?', 'mode = ?'];
  const params: SqlValue[] = [owner.merchantId, owner.mode];
  for (const [column, value] of Object.entries(filters)) {
    if (value === undefined) continue;
    where.push(`${column} = ?`);
    params.push(value);
  }
  // Stored instants are fixed-width UTC ISO strings, so the bounds are normalized to compare.
  if (page.created_gte !== undefined) {
    where.push('created_at >= ?');
    params.push(new Date(page.created_gte).toISOString());
  }
  if (page.created_lte !== undefined) {
    where.push('created_at <= ?');
    params.push(new Date(page.created_lte).toISOString());
  }
  if (page.starting_after !== undefined && page.ending_before !== undefined) {
    throw new ApiError(
      400,
      'Validation failed: ending_before: cannot be combined with starting_after',
      { code: errorCodes.validationFailed },
    );
  }
  const backwards = page.ending_before !== undefined;
  const cursor = page.ending_before ?? page.starting_after;
  if (cursor !== undefined) {
    const at = cursorPosition(
      db,
      source,
      owner,
      cursor,
      backwards ? 'ending_before' : 'starting_after',
    );
    const op = backwards ? '>' : '<';
    where.push(`(created_at ${op} ? OR (created_at = ? AND rowid ${op} ?))`);
    params.push(at.created_at, at.created_at, at.rowid);
  }
  const order = backwards ? 'ASC' : 'DESC';
  const rows = queryAll(
    db,
    `SELECT * FROM ${source.table} WHERE ${where.join(' AND ')}
     ORDER BY created_at ${order}, rowid ${order} LIMIT ?`,
    [...params, page.limit + 1],
    source.rowSchema,
  );
  const hasMore = rows.length > page.limit;
  const kept = rows.slice(0, page.limit);
  return { rows: backwards ? kept.reverse() : kept, hasMore };
}

/**
 * The record `id` of `source` for this merchant and mode (a read by id).
 * @throws ApiError 404 NOT_FOUND when it does not exist there (also when it is the other mode's).
 */
export function findOwned<S extends z.ZodType>(
  db: Db,
  source: ListSource<S>,
  owner: { merchantId: string; mode: Mode },
  id: string,
): z.output<S> {
  const row = queryOne(
    db,
    `SELECT * FROM ${source.table} WHERE id = ? AND merchant_id = ? AND mode = ?`,
    [id, owner.merchantId, owner.mode],
    source.rowSchema,
  );
  if (row === null) throw notFound(`No ${source.noun} with id ${id}`);
  return row;
}
