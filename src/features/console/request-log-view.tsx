/**
 * The request log page (`GET /sandbox/v1/requests`; sandbox/README.md, "Request log"): every API
 * request of the key's mode in the last 7 days of real time, newest first, filtered by HTTP
 * status, method and exact path (the list's query parameters `status`, `method`, `path`). The
 * filters live in the page's URL, so back, reload and the paging links keep them. The console's
 * own reads are not in the log (docs/decisions/0035-contract-document-and-console-reads.md).
 */
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { readRoutes } from '../../../contract/routes-reads';
import { Button } from '../../components/button';
import { DocumentTitle } from '../../components/document-title';
import { Field } from '../../components/field';
import { formatDateTime } from '../../lib/format';
import { consoleEn } from '../../messages/console-en';
import { PagedList } from './paged-list';
import { consolePaths } from './paths';
import type { ConsoleSession } from './session';

const m = consoleEn.lists;

/** The filters of the log, as the page's URL and the API both name them. */
export const requestLogFilterNames = ['status', 'method', 'path'] as const;
const methods = ['GET', 'POST', 'PUT', 'DELETE'] as const;

/** The filters set in `search` (empty ones left out), in the API's names. */
export function requestLogFiltersOf(search: URLSearchParams): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const name of requestLogFilterNames) {
    const value = search.get(name)?.trim() ?? '';
    if (value !== '') filters[name] = value;
  }
  return filters;
}

function FilterForm() {
  const [search, setSearch] = useSearchParams();
  const statusId = useId();
  const methodId = useId();
  const pathId = useId();
  const current = requestLogFiltersOf(search);
  // Typed values are applied on submit: one read per change of mind, not per keystroke. Any
  // change starts again from the newest page.
  // Typed by what it reads, so it type-checks against React's and Preact's event types alike.
  const apply = (event: { preventDefault(): void; currentTarget: HTMLFormElement }) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of requestLogFilterNames) {
      const value = form.get(name);
      if (typeof value === 'string' && value.trim() !== '') next.set(name, value.trim());
    }
    setSearch(next);
  };
  return (
    <form
      className="form console-filters"
      role="search"
      aria-label={m.requestFilters}
      // A new key per URL: cleared or changed filters show in the inputs.
      key={search.toString()}
      onSubmit={apply}
    >
      <Field id={statusId} label={m.filterStatus}>
        {(control) => (
          <input
            className="input"
            name="status"
            inputMode="numeric"
            autoComplete="off"
            defaultValue={current.status ?? ''}
            {...control}
          />
        )}
      </Field>
      <Field id={methodId} label={m.method}>
        {(control) => (
          <select className="input" name="method" defaultValue={current.method ?? ''} {...control}>
            <option value="">{m.anyMethod}</option>
            {methods.map((method) => (
              <option key={method} value={method}>
                {method}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={pathId} label={m.filterPath}>
        {(control) => (
          <input
            className="input"
            name="path"
            autoComplete="off"
            spellCheck="false"
            defaultValue={current.path ?? ''}
            {...control}
          />
        )}
      </Field>
      <div className="console-actions">
        <Button type="submit" variant="secondary">
          {m.applyFilters}
        </Button>
        {Object.keys(current).length > 0 && (
          <Button type="button" variant="link" onClick={() => setSearch(new URLSearchParams())}>
            {m.clearFilters}
          </Button>
        )}
      </div>
    </form>
  );
}

/** The request log page: its heading, what it holds, the filters and the filtered list. */
export function RequestLogView({ session }: { session: ConsoleSession }) {
  const [search] = useSearchParams();
  const title = consoleEn.nav.requests;
  return (
    <>
      <DocumentTitle>{m.documentTitle(title)}</DocumentTitle>
      <h1>{title}</h1>
      <p>{m.intro.requests}</p>
      <FilterForm />
      <PagedList
        session={session}
        title={title}
        route={readRoutes.listRequestLog}
        filters={requestLogFiltersOf(search)}
        detailPath={consolePaths.request}
        columns={[
          { header: m.method, cell: (entry) => entry.method },
          { header: m.path, cell: (entry) => <code>{entry.path}</code> },
          { header: m.httpStatus, cell: (entry) => entry.status },
          { header: m.duration, cell: (entry) => consoleEn.webhooks.durationMs(entry.durationMs) },
          { header: m.created, cell: (entry) => formatDateTime(entry.createdAt) },
        ]}
      />
    </>
  );
}
