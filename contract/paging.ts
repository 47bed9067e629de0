/**
 * Lists and cursor paging for every merchant read (service-api.md, "Subscriptions": read and list
 * endpoints and their paging are "not shown"; ours, docs/decisions/0016-reads-lists-and-paging.md).
 *
 * A list answers `{ data: T[], hasMore }`, newest first. Query parameters (snake_case, as in the
 * query strings merchants know from other test modes):
 * - `limit`: 1 to 100 records per page, default 20;
 * - `starting_after=<id>`: the page of records older than that record (next page);
 * - `ending_before=<id>`: the page of records newer than that record (previous page);
 * - `created_gte`, `created_lte`: ISO 8601 bounds on the record's `createdAt`, inclusive.
 * `starting_after` and `ending_before` exclude each other; a cursor must name a record of the same
 * kind in the key's mode.
 */
import { z } from 'zod';

/** Records per page when `limit` is not given. */
export const defaultPageSize = 20;
/** The largest `limit` accepted. */
export const maxPageSize = 100;

const cursorSchema = z.string().min(1).max(64);

/** The paging and created-at parameters every list accepts. */
export const pageQueryShape = {
  limit: z.coerce
    .number<string>()
    .int({ error: 'must be a whole number' })
    .min(1, { error: `must be between 1 and ${maxPageSize}` })
    .max(maxPageSize, { error: `must be between 1 and ${maxPageSize}` })
    .default(defaultPageSize),
  starting_after: cursorSchema.optional(),
  ending_before: cursorSchema.optional(),
  created_gte: z.iso.datetime({ offset: true }).optional(),
  created_lte: z.iso.datetime({ offset: true }).optional(),
};

/**
 * The query schema of a list: the paging parameters plus `filters` (strings from the query
 * string). Unknown parameters are refused (400), so a misspelt filter never silently lists all.
 */
export function listQuery<F extends z.core.$ZodLooseShape>(filters: F) {
  return z.strictObject({ ...pageQueryShape, ...filters });
}

/** The paging part of a parsed list query. */
export interface PageQuery {
  limit: number;
  starting_after?: string | undefined;
  ending_before?: string | undefined;
  created_gte?: string | undefined;
  created_lte?: string | undefined;
}

/** `{ data: T[], hasMore }`: one page, newest first; `hasMore` says another page lies beyond it. */
export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), hasMore: z.boolean() });
}
