/**
 * The app around the pages: the page the address opens (src/app/router.tsx), with the way to
 * server state (TanStack Query, src/app/server-state.tsx), which a page's live flow renders inside
 * once the page's first view is drawn (docs/decisions/0028, second addendum of issue 25). The
 * query library is in no page's first download.
 */
import type { QueryClient } from '@tanstack/react-query';
import { ServerStateLoader, type ServerStateRoot } from '../lib/server-state-loader';
import { GivenQueryClient } from './given-query-client';
import { AppRoutes } from './router';

export interface AppProps {
  /** The query client to use (each test gives its own); by default the page makes one. */
  queryClient?: QueryClient;
}

const loadServerState = (): Promise<ServerStateRoot> =>
  import('./server-state').then((module) => module.ServerState);

export function App({ queryClient }: AppProps) {
  return (
    <GivenQueryClient.Provider value={queryClient ?? null}>
      <ServerStateLoader.Provider value={loadServerState}>
        <AppRoutes pathname={window.location.pathname} />
      </ServerStateLoader.Provider>
    </GivenQueryClient.Provider>
  );
}
