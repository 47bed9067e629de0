/**
 * The read routes answered straight from one table (contract/routes-reads.ts; sandbox/README.md,
 * "Reading and listing"; docs/decisions/0016-reads-lists-and-paging.md): a newest-first page
 * (`{ data: [...], hasMore }`) and one record by id (`{ data }`), both confined to the secret
 * key's merchant and mode by `listPage` and `findOwned` (sandbox/db/paging.ts). A feature names
 * the table, its routes and how a row renders; the rest is written once here.
 */
import type { z } from 'zod';
import type { RouteName, RouteResponse } from '../../contract/routes';
import type { PageQuery } from '../../contract/paging';
import type { SqlValue } from '../db/database';
import { findOwned, listPage, type ColumnFilters, type ListSource } from '../db/paging';
import type {
  CallerOf,
  HandlerContext,
  KeyCaller,
  ParamsOf,
  QueryOf,
  SyncHandler,
} from './handler';

type DataOf<N extends RouteName> = RouteResponse<N> extends { data: infer D } ? D : never;

/** The query parameters of route `N` whose values a column can equal. */
type FilterParam<N extends RouteName> = {
  [P in keyof QueryOf<N>]-?: QueryOf<N>[P] extends SqlValue | undefined ? P : never;
}[keyof QueryOf<N>];

/**
 * How route `N` reads the table: a list route by its filters (each filtered column, a constant,
 * → the query parameter it must equal; an absent parameter filters nothing), a read-by-id route
 * by the path parameter that holds the id.
 */
type ReadOf<N extends RouteName> =
  CallerOf<N> extends KeyCaller
    ? DataOf<N> extends readonly unknown[]
      ? { readonly [column: string]: FilterParam<N> }
      : keyof ParamsOf<N>
    : never;

/** What one row renders to for every route in `N` at once: a list's item, a read's record. */
type RecordOf<N extends RouteName> = (
  N extends RouteName
    ? (record: DataOf<N> extends readonly (infer I)[] ? I : DataOf<N>) => void
    : never
) extends (record: infer R) => void
  ? R
  : never;

/**
 * What `render` may read of the request: the services, the clock, the link tokens and the key
 * (whose scopes may limit what a row shows: the request log).
 */
type ReadContext = Pick<HandlerContext<RouteName>, 'services' | 'now' | 'capabilityToken'> & {
  caller: KeyCaller;
};

/** A read route's request as the handlers below see it: the caller is a {@link KeyCaller}. */
type KeyRead = ReadContext & { query: unknown };
type Render<S extends z.ZodType> = (row: z.output<S>, context: ReadContext) => unknown;

/** A page of `source` whose `filters` columns equal their query parameters (an absent parameter filters nothing). */
function readPage<S extends z.ZodType>(
  source: ListSource<S>,
  filters: Readonly<Record<string, string>>,
  render: Render<S>,
) {
  return (context: KeyRead) => {
    const query = context.query as PageQuery & Record<string, SqlValue | undefined>;
    const columns: ColumnFilters = {};
    for (const [column, parameter] of Object.entries(filters)) columns[column] = query[parameter];
    // Every list route's query schema extends the contract's page query (contract/paging.ts).
    const page = listPage(context.services.db, source, context.caller, query, columns);
    const data = page.rows.map((row) => render(row, context));
    return { status: 200, body: { data, hasMore: page.hasMore } };
  };
}

/** The record of `source` whose id is path parameter `parameter`. */
function readOne<S extends z.ZodType, P extends string>(
  source: ListSource<S>,
  parameter: P,
  render: Render<S>,
) {
  return (context: KeyRead & { params: Record<P, string> }) => {
    const row = findOwned(context.services.db, source, context.caller, context.params[parameter]);
    return { status: 200, body: { data: render(row, context) } };
  };
}

/**
 * The handlers of `routes`, by route name, over the records of `source`, each row rendered by
 * `render` (which may read the request for what a row's view needs: links, the clock). A list
 * route (`{ column: 'query_parameter' }`) answers a newest-first page filtered by equality on
 * those columns; a read-by-id route (`'pathParameter'`) answers the record whose id the path names.
 * @throws ApiError 400 VALIDATION_FAILED from a list for a cursor of no such record, and 404
 *   NOT_FOUND from a read when the key's merchant and mode have no such record (db/paging.ts).
 */
export function recordReads<S extends z.ZodType, R extends { [N in RouteName]?: ReadOf<N> }>(
  source: ListSource<S>,
  render: (row: z.output<S>, context: ReadContext) => RecordOf<keyof R & RouteName>,
  routes: R,
): { [N in keyof R & RouteName]: { run: SyncHandler<N> } } {
  const reads = Object.entries(routes) as [string, string | Readonly<Record<string, string>>][];
  const handlers = reads.map(([route, read]) => [
    route,
    {
      run:
        typeof read === 'string' ? readOne(source, read, render) : readPage(source, read, render),
    },
  ]);
  // Each route's response type is checked at the call site, through `ReadOf` and `render`.
  return Object.fromEntries(handlers) as { [N in keyof R & RouteName]: { run: SyncHandler<N> } };
}
