/**
 * Cursor paging of the console's lists (contract/paging.ts; docs/decisions/0016-reads-lists-and-paging.md):
 * a page is asked for with `starting_after=<id>` (older records: next) or `ending_before=<id>`
 * (newer records: previous), never both. The cursor lives in the console's URL (`?after=` or
 * `?before=`), so a detail page's "back" and the browser's history return to the same page; ids
 * are not secrets.
 */

/** Which page of a list: the newest (no cursor), or the one beside a record. */
export type PageCursor =
  { kind: 'first' } | { kind: 'after'; id: string } | { kind: 'before'; id: string };

/** One page as the merchant API answers a list: newest first; `hasMore`: more lie beyond it. */
export interface Page<T extends { id: string }> {
  data: T[];
  hasMore: boolean;
}

/** The cursor named by the console's URL query (`after` wins if both are present). */
export function cursorOfSearch(search: URLSearchParams): PageCursor {
  const after = search.get('after');
  if (after !== null && after !== '') return { kind: 'after', id: after };
  const before = search.get('before');
  if (before !== null && before !== '') return { kind: 'before', id: before };
  return { kind: 'first' };
}

/** The console URL query of `cursor` (empty for the first page). */
export function searchOfCursor(cursor: PageCursor): string {
  if (cursor.kind === 'first') return '';
  return `?${new URLSearchParams({ [cursor.kind]: cursor.id }).toString()}`;
}

/** The list's query parameters for `cursor`, as the API names them, with `limit` records. */
export function apiQueryOfCursor(cursor: PageCursor, limit: number): Record<string, string> {
  const query: Record<string, string> = { limit: String(limit) };
  if (cursor.kind === 'after') query.starting_after = cursor.id;
  if (cursor.kind === 'before') query.ending_before = cursor.id;
  return query;
}

/**
 * Where "older" (next) and "newer" (previous) lead from `page`, asked with `cursor`; null when
 * there is nothing that way. Asked going older, `hasMore` speaks of older records and newer ones
 * exist because we came from them; asked going newer, the reverse. An empty page has no ends to
 * page from, so only the way back to the newest records is offered.
 */
export function pageLinks<T extends { id: string }>(
  cursor: PageCursor,
  page: Page<T>,
): { older: PageCursor | null; newer: PageCursor | null } {
  const first = page.data[0];
  const last = page.data[page.data.length - 1];
  if (first === undefined || last === undefined)
    return { older: null, newer: cursor.kind === 'first' ? null : { kind: 'first' } };
  const olderExist = cursor.kind === 'before' ? true : page.hasMore;
  const newerExist =
    cursor.kind === 'first' ? false : cursor.kind === 'after' ? true : page.hasMore;
  return {
    older: olderExist ? { kind: 'after', id: last.id } : null,
    newer: newerExist ? { kind: 'before', id: first.id } : null,
  };
}
