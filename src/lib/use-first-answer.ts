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

/** A page's first read as its first view has it. */
export interface FirstAnswer {
  /** The success answer, once in; null before, and for a failure, no token or no such read. */
  answer: RawAnswer | null;
  /** Whether there is nothing more to wait for: the answer is in, failed, or there is no read. */
  settled: boolean;
}

/**
 * The success answer of the page's first read `read` once in (in the first render when it already
 * is), and whether it has settled (the live page then reads whatever the first view could not).
 */
export function useFirstAnswer(read: HostedRead, token: TokenReading): FirstAnswer {
  const [look] = useState(() => {
    if (token.kind !== 'token') return null;
    const { path, params, token: header } = hostedReadRequest(read, token.token);
    return lookAtFirstRead(path, { params, token: header });
  });
  const [first, setFirst] = useState<FirstAnswer>(() => ({
    answer: look?.now ?? null,
    settled: look === null || look.now !== null,
  }));
  useEffect(() => {
    if (look === null || first.settled) return;
    let current = true;
    void look.later.then((arrived) => {
      if (current) setFirst({ answer: arrived, settled: true });
    });
    return () => {
      current = false;
    };
  }, [look, first.settled]);
  return first;
}

/**
 * `select(answer)`, the parse of a first answer with its route's schema (the page's select
 * function), or undefined when there is no answer or it breaks the contract: the first view then
 * draws nothing, and the live page reports the answer when it takes it.
 */
export function selectedFirstAnswer<T>(
  select: (answer: RawAnswer) => T,
  answer: RawAnswer | null,
): T | undefined {
  if (answer === null) return undefined;
  try {
    return select(answer);
  } catch {
    return undefined;
  }
}
