/**
 * Test support (never imported by the app): renders a page whose first view is drawn before
 * TanStack Query (docs/decisions/0028, second addendum of issue 25) with its live half held back,
 * as a slow network would hold it, until the test calls `arrive`. The page gets a query client of
 * its own and a server-state loader that waits for `arrive`.
 */
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ServerStateLoader, type ServerStateRoot } from '../lib/server-state-loader';
import { GivenQueryClient } from './given-query-client';
import { createQueryClient } from './query-client';

/** Renders `page`; its live half arrives when `arrive` is called. */
export function renderWithLiveHalfHeldBack(page: ReactNode): {
  arrive: () => void;
  queryClient: QueryClient;
} {
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const loadServerState = async (): Promise<ServerStateRoot> => {
    await arrived;
    return (await import('./server-state')).ServerState;
  };
  const queryClient = createQueryClient();
  render(
    <GivenQueryClient.Provider value={queryClient}>
      <ServerStateLoader.Provider value={loadServerState}>{page}</ServerStateLoader.Provider>
    </GivenQueryClient.Provider>,
  );
  return { arrive, queryClient };
}
