/**
 * The app's TanStack Query client. Customers are often on slow or flaky mobile networks, so reads
 * are retried, but only when a retry can help: no answer, or a 5xx; never a 4xx (an invalid link,
 * a rate limit, an unknown account do not get better by asking again). Nothing refetches by
 * itself on focus or reconnect: the pages decide when to look again (status checks), so a phone
 * waking up does not fire a burst of requests. Mutations are never retried: the setup
 * authorization is not idempotent.
 */
import { QueryClient } from '@tanstack/react-query';
import { isTransientFailure } from '../lib/api-client';

const maxRetries = 3;

/** A new client; one per page load (and one per test). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => failureCount < maxRetries && isTransientFailure(error),
        // 1 s, 2 s, 4 s: long enough for a dropped mobile connection to come back.
        retryDelay: (attempt) => Math.min(1_000 * 2 ** attempt, 8_000),
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
      mutations: { retry: false },
    },
  });
}
