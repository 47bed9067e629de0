/**
 * The read routes answered straight from one table (contract/routes-reads.ts; sandbox/README.md,
 * "Reading and listing"; docs/decisions/0016-reads-lists-and-paging.md): a newest-first page
 * (`{ data: [...], hasMore }`) and one record by id (`{ data }`), both confined to the secret
 * key's merchant and mode by `listPage` and `findOwned` (sandbox/db/paging.ts). A feature names
 * the table, maps its query's filters to columns and renders a row; the rest is written once here.
 */
import type { z } from 'zod';
import type { RouteName, RouteResponse } from '../../contract/routes';
import type { PageQuery } from '../../contract/paging';
import { findOwned, listPage, type ColumnFilters, type ListSource } from '../db/paging';
import type { HandlerContext, KeyCaller, ParamsOf, QueryOf, SyncHandler } from './handler';

type DataOf<N extends RouteName> = RouteResponse<N> extends { data: infer D } ? D : never;
type ItemOf<N extends RouteName> = DataOf<N> extends readonly (infer I)[] ? I : never;

/** Read routes of a secret key: their caller is a {@link KeyCaller}. */
type KeyRead<N extends RouteName> = HandlerContext<N> & { caller: KeyCaller };

/**
 * Handler of list route `route`: a page of `source` filtered by `filters(query)` (undefined
 * values filter nothing), each row rendered by `render`. `render` may read the request
 * (`context`) for what a row's view needs (links, the clock).
 * @throws ApiError 400 VALIDATION_FAILED for a cursor of no such record (sandbox/db/paging.ts).
 */
export function listRecords<N extends RouteName, S extends z.ZodType>(
  route: N,
  source: ListSource<S>,
  filters: (query: QueryOf<N>) => ColumnFilters,
  render: (row: z.output<S>, context: HandlerContext<N>) => ItemOf<N>,
): { run: SyncHandler<N> } {
  return {
    run(context) {
      const { caller, query } = context as KeyRead<typeof route>;
      // Every list route's query schema extends the contract's page query (contract/paging.ts).
      const page = listPage(
        context.services.db,
        source,
        caller,
        query as PageQuery,
        filters(query),
      );
      const data = page.rows.map((row) => render(row, context));
      // The generic route's response is still unresolved here; each route's type is checked at
      // the call site through `render`.
      return { status: 200, body: { data, hasMore: page.hasMore } as RouteResponse<N> };
    },
  };
}

/**
 * Handler of read-by-id route `route`: the record of `source` whose id is `id(params)`, rendered.
 * @throws ApiError 404 NOT_FOUND when the key's merchant and mode have no such record.
 */
export function getRecord<N extends RouteName, S extends z.ZodType>(
  route: N,
  source: ListSource<S>,
  id: (params: ParamsOf<N>) => string,
  render: (row: z.output<S>, context: HandlerContext<N>) => DataOf<N>,
): { run: SyncHandler<N> } {
  return {
    run(context) {
      const { caller } = context as KeyRead<typeof route>;
      const row = findOwned(context.services.db, source, caller, id(context.params));
      return { status: 200, body: { data: render(row, context) } as RouteResponse<N> };
    },
  };
}
