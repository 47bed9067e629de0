/**
 * The app's TanStack Query client. Customers are often on slow or flaky mobile networks, so reads
 * are retried, but only when a retry can help: no answer, or a 5xx; never a 4xx (an invalid link,
 * a rate limit, an unknown account do not get better by asking again). Nothing refetches by
 * itself on focus or reconnect: the pages decide when to look again (status checks), so a phone
 * waking up does not fire a burst of requests. Mutations are never retried by themselves (the
 * customer retries, with the same idempotency key: docs/decisions/0023), and they run even while
 * the phone is offline (`networkMode: 'always'`) so that the API client refuses them at once with
 * `OfflineError` and the page says nothing has changed, instead of a busy button that waits for
 * the connection and then acts by itself (issue 14, point 4).
 */
import { QueryClient } from '@tanstack/react-query';
import { isTransientFailure } from '../lib/api-client';

// Two quick retries: a 5xx or a dropped answer on the first read reaches the error view (and
// its "Try again") in about 1.5 s plus the requests, not after 7 s of "Loading…"
// (docs/decisions/0020-first-paint-frame-and-failure-bound.md). A read that timed out is not
// retried at all (isTransientFailure).
const maxRetries = 2;

/** A new client; one per page load (and one per test). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => failureCount < maxRetries && isTransientFailure(error),
        // 0.5 s, then 1 s.
        retryDelay: (attempt) => 500 * 2 ** attempt,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
