/**
 * The root of server state (docs/decisions/0012-query-owned-server-state.md): TanStack Query's
 * provider around a page, with the page's one query client. The client is the one the app was
 * given (a test's), or else the page's own, made once, which takes the page's first reads at once
 * as prefetches (src/app/first-requests.ts). Every hosted page draws its first view before this
 * module (and the query library) has arrived, then renders its live flow inside it
 * (src/lib/server-state-loader.ts; docs/decisions/0028, second addendum of issue 25).
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useContext, useState, type ReactNode } from 'react';
import { startFirstRequests } from './first-requests';
import { GivenQueryClient } from './given-query-client';
import { createQueryClient } from './query-client';

let pageClient: QueryClient | null = null;

/**
 * The page's own query client, made (with its first reads' prefetches, which take the reads the
 * first view looked at) by the first {@link ServerState}.
 */
function pageQueryClient(): QueryClient {
  if (pageClient === null) {
    pageClient = createQueryClient();
    startFirstRequests(window.location.pathname, pageClient);
  }
  return pageClient;
}

/** Renders `children` inside the page's query client (the given one, or the page's own). */
export function ServerState({ children }: { children: ReactNode }) {
  const given = useContext(GivenQueryClient);
  const [client] = useState(() => given ?? pageQueryClient());
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
