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
import { focusManager, QueryClient } from '@tanstack/react-query';
import { isTransientFailure } from '../lib/api-client';

// Two quick retries: a 5xx or a dropped answer on the first read reaches the error view (and
// its "Try again") in about 1.5 s plus the requests, not after 7 s of "Loading…"
// (docs/decisions/0020-first-paint-frame-and-failure-bound.md). A read that timed out is not
// retried at all (isTransientFailure).
const maxRetries = 2;

/**
 * Coming back to the page is a tab made visible again or the window focused again (TanStack
 * Query 5 watches only the first): a customer back from their banking app on a desktop, say, had
 * the page visible all along. Queries that ask for it (`refetchOnWindowFocus`) read again then.
 */
function watchFocus(): void {
  focusManager.setEventListener((handleFocus) => {
    const onFocus = () => handleFocus();
    document.addEventListener('visibilitychange', onFocus);
    window.addEventListener('focus', onFocus);
    return () => {
      document.removeEventListener('visibilitychange', onFocus);
      window.removeEventListener('focus', onFocus);
    };
  });
}

/** A new client; one per page load (and one per test). */
export function createQueryClient(): QueryClient {
  watchFocus();
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
