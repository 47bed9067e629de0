/**
 * A list of the merchant API (contract/routes-reads.ts) as a table, one page at a time, with
 * "Newer" and "Older" links by cursor (paging.ts). The cursor is in the URL, so the links are
 * ordinary links: keyboard and history work as on any page. The first column links to each
 * record's detail page.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import type { RouteDef } from '../../../contract/route';
import { consoleEn } from '../../messages/console-en';
import { FailureAlert } from './action-result';
import { listPageQuery } from './api';
import { cursorOfSearch, pageLinks, searchOfCursor, type Page, type PageCursor } from './paging';
import { Section } from './section';
import type { ConsoleSession } from './session';

const m = consoleEn.lists;

/** One column: its header and what a record shows in it. */
export interface Column<T> {
  header: string;
  cell: (record: T) => ReactNode;
}

export interface PagedListProps<T extends { id: string }> {
  session: ConsoleSession;
  /** The section's heading, also the table's name. */
  title: string;
  /** A list route: its answer is one page, `{ data: T[], hasMore }`. */
  route: RouteDef & { response: z.ZodType<Page<T>> };
  /** Filters in the API's names (`subscription_id`, …), sent with every page. */
  filters?: Record<string, string>;
  /** The console path of a record's detail page, by the record's id (consolePaths). */
  detailPath: (id: string) => string;
  /** Columns after the first (the record's id, linking to its detail). */
  columns: Column<T>[];
  /** Whether the cursor is taken from the URL (false for a list inside a detail page). */
  pagedByUrl?: boolean;
}

export function PagedList<T extends { id: string }>({
  session,
  title,
  route,
  filters = {},
  detailPath,
  columns,
  pagedByUrl = true,
}: PagedListProps<T>) {
  const headingId = useId();
  const [search] = useSearchParams();
  const cursor = pagedByUrl ? cursorOfSearch(search) : { kind: 'first' as const };
  const list = useQuery(listPageQuery(session, route, cursor, filters));
  const answer = list.data?.data;
  const page: Page<T> | undefined = answer;
  const links = page === undefined ? null : pageLinks(cursor, page);
  // A paging link keeps the page's other URL parameters (a list's filters) and moves the cursor.
  const searchWith = (target: PageCursor) => {
    const next = new URLSearchParams(search);
    next.delete('after');
    next.delete('before');
    for (const [name, value] of new URLSearchParams(searchOfCursor(target))) next.set(name, value);
    const text = next.toString();
    return text === '' ? '' : `?${text}`;
  };
  return (
    <Section id={headingId} title={title}>
      {list.isPending && <p>{consoleEn.loading}</p>}
      {list.isError && <FailureAlert error={list.error} urgent={false} />}
      {page !== undefined && page.data.length === 0 && <p>{m.empty}</p>}
      {page !== undefined && page.data.length > 0 && (
        <div className="console-table" role="region" aria-label={m.tableLabel(title)} tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">{m.id}</th>
                {columns.map((column) => (
                  <th key={column.header} scope="col">
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {page.data.map((record) => (
                <tr key={record.id}>
                  <th scope="row">
                    <Link to={detailPath(record.id)}>
                      <code>{record.id}</code>
                    </Link>
                  </th>
                  {columns.map((column) => (
                    <td key={column.header}>{column.cell(record)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pagedByUrl && links !== null && (links.newer !== null || links.older !== null) && (
        <nav aria-label={m.pagingLabel(title)}>
          <ul className="console-links">
            {links.newer !== null && (
              <li>
                <Link to={{ search: searchWith(links.newer) }}>{m.newer}</Link>
              </li>
            )}
            {links.older !== null && (
              <li>
                <Link to={{ search: searchWith(links.older) }}>{m.older}</Link>
              </li>
            )}
          </ul>
        </nav>
      )}
    </Section>
  );
}
