/**
 * The one polling policy of the hosted pages (product.md, "Checkout pages": automatic status
 * refresh with back-off, on focus and on reconnect): TanStack Query's `refetchInterval` as a
 * function of what the server last said. While `awaits(data)` (the server may still change it by
 * itself: money may arrive, a bank may answer), the query is read again after the back-off of
 * `check-schedule.ts` (3 s, 5 s, 10 s, then every 20 s; every 3 s for two minutes after "I've
 * sent the money"), counted in answers since the wait began or since `restartKey(data)` last
 * changed. Otherwise, and once the server refused the read (a 4xx other than 429), it stops.
 * TanStack Query skips the checks while the tab is hidden; refetching on focus and reconnection
 * is the query's own option (`refetchOnWindowFocus`, `refetchOnReconnect`).
 */
import type { QueryState } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { ApiError } from './api-client';
import { nextCheckDelayMs } from './check-schedule';

/** What the server said decides whether and how often a page checks again. */
export interface CheckPolicy<T> {
  /** Whether `data` may still change on the server by itself, so the page checks again. */
  awaits: (data: T) => boolean;
  /** A change in this value (compared with `Object.is`) starts the back-off again at 3 s. */
  restartKey?: (data: T) => unknown;
  /** `performance.now()` of the payer's "I've sent the money" (ms), or null. */
  sentAt?: number | null;
}

/** Whether `error` is the server refusing the read: asking again on a timer will not help. */
function refused(error: unknown): boolean {
  return (
    error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429
  );
}

/** `select(raw)`, or undefined when the answer breaks the contract (the query reports that). */
function selected<Raw, T>(select: (raw: Raw) => T, raw: Raw): T | undefined {
  try {
    return select(raw);
  } catch {
    return undefined;
  }
}

/**
 * A `refetchInterval` function for a query whose cached data is `Raw` and whose page reads it as
 * `T` through `select` (the same function the query uses).
 */
export function useCheckSchedule<Raw, T>(
  select: (raw: Raw) => T,
  policy: CheckPolicy<T>,
): (query: { state: QueryState<Raw> }) => number | false {
  const { awaits, restartKey, sentAt = null } = policy;
  // The answer count (`dataUpdateCount`) at which the current wait began, and its restart key.
  const since = useRef<{ count: number; key: unknown } | null>(null);
  return useCallback(
    (query: { state: QueryState<Raw> }): number | false => {
      const { data: raw, error, dataUpdateCount } = query.state;
      const data = raw === undefined || refused(error) ? undefined : selected(select, raw);
      if (data === undefined || !awaits(data)) {
        since.current = null;
        return false;
      }
      const key = restartKey?.(data);
      if (since.current === null || !Object.is(since.current.key, key)) {
        since.current = { count: dataUpdateCount, key };
      }
      const msSinceSent = sentAt === null ? null : performance.now() - sentAt;
      return nextCheckDelayMs(dataUpdateCount - since.current.count, msSinceSent);
    },
    [select, awaits, restartKey, sentAt],
  );
}
