/**
 * Test support (never imported by the app): renders a page whose first view is drawn before
 * TanStack Query (docs/decisions/0028, second addendum of issue 25) with its live half held back,
 * as a slow network would hold it, until the test calls `arrive`. The page gets a query client of
 * its own and a server-state loader that waits for `arrive` (or fails, as offline).
 */
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ServerStateLoader, type ServerStateRoot } from '../lib/server-state-loader';
import { GivenQueryClient } from './given-query-client';
import { createQueryClient } from './query-client';

/**
 * Renders `page`; its live half arrives when `arrive` is called. Until then, after `failDownloads`
 * every attempt to download it fails at once, as offline (the page's own retries included).
 */
export function renderWithLiveHalfHeldBack(page: ReactNode): {
  arrive: () => void;
  failDownloads: () => void;
  /** How many times the page has tried to download its live half. */
  attempts: () => number;
  queryClient: QueryClient;
} {
  let arrived = false;
  let failing = false;
  let waiting: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  const offline = () => new TypeError('Failed to fetch dynamically imported module');
  let attempts = 0;
  const loadServerState = async (): Promise<ServerStateRoot> => {
    attempts += 1;
    if (!arrived) {
      await new Promise<void>((resolve, reject) => {
        if (failing) reject(offline());
        else waiting.push({ resolve, reject });
      });
    }
    return (await import('./server-state')).ServerState;
  };
  const settle = (each: (attempt: (typeof waiting)[number]) => void) => {
    const attempts = waiting;
    waiting = [];
    attempts.forEach(each);
  };
  const queryClient = createQueryClient();
  render(
    <GivenQueryClient.Provider value={queryClient}>
      <ServerStateLoader.Provider value={loadServerState}>{page}</ServerStateLoader.Provider>
    </GivenQueryClient.Provider>,
  );
  return {
    arrive: () => {
      arrived = true;
      failing = false;
      settle(({ resolve }) => resolve());
    },
    failDownloads: () => {
      failing = true;
      settle(({ reject }) => reject(offline()));
    },
    attempts: () => attempts,
    queryClient,
  };
}
