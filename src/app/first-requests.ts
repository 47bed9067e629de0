/**
 * A page's first reads as prefetches into the app's one query client (src/lib/hosted-reads.ts;
 * docs/decisions/0012-query-owned-server-state.md), made when the page's query client is made
 * (src/app/server-state.tsx): each takes the read the page's document already sent
 * (src/app/page-first-reads.ts), and the page's own query then takes the prefetch's answer (or its
 * failure, or the request still in flight) instead of asking again.
 */
import type { QueryClient } from '@tanstack/react-query';
import { hostedReadOptions } from '../lib/hosted-reads';
import { pageFirstReadsAt } from './page-first-reads';

/**
 * Prefetches the first reads of the page at `pathname` into `queryClient` (the one the app renders
 * with). Nothing for a page that is not hosted or a link without a plausible token. Never throws.
 */
export function startFirstRequests(pathname: string, queryClient: QueryClient): void {
  const first = pageFirstReadsAt(pathname);
  const token = first?.token ?? null;
  if (first === null || token === null) return;
  for (const read of first.reads) {
    const options = hostedReadOptions(read, token);
    queryClient.query(options).then(
      (answer) => {
        // An answer that arrived before the app asked for it counts from its arrival, so that a
        // countdown from it (the checkout's payment window) does not show it fresher than it is.
        if (answer.receivedAtMs === undefined) return;
        if (queryClient.getQueryData(options.queryKey) !== answer) return;
        queryClient.setQueryData(options.queryKey, answer, { updatedAt: answer.receivedAtMs });
      },
      // A failure stays in the cache for the page to report.
      () => undefined,
    );
  }
}
