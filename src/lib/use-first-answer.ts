/**
 * A page's first read as its first view draws it (docs/decisions/0028, second addendum of issue
 * 25): the success answer of the read the page document's inline script sent, looked at, not taken
 * (`lookAtFirstRead` in api-client.ts), so the live page's query still takes it and the read is
 * sent once. Unchecked: the caller parses it with the route's schema.
 */
import { useEffect, useState } from 'react';
import { lookAtFirstRead, type RawAnswer } from './api-client';
import type { TokenReading } from './capability-token';
import { hostedReadRequest, type HostedRead } from './first-reads';

/**
 * The success answer of the page's first read `read` once in (in the first render when it already
 * is), else null: also for a failure, no token, or no such read (the live page then reads).
 */
export function useFirstAnswer(read: HostedRead, token: TokenReading): RawAnswer | null {
  const [look] = useState(() => {
    if (token.kind !== 'token') return null;
    const { path, params, token: header } = hostedReadRequest(read, token.token);
    return lookAtFirstRead(path, { params, token: header });
  });
  const [answer, setAnswer] = useState(look?.now ?? null);
  useEffect(() => {
    if (look === null || answer !== null) return;
    let current = true;
    void look.later.then((arrived) => {
      if (current) setAnswer(arrived);
    });
    return () => {
      current = false;
    };
  }, [look, answer]);
  return answer;
}
