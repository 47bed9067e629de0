/**
 * A webhook receiver for tests: a real HTTP server on 127.0.0.1 (port chosen by the system) that
 * keeps every request it gets (raw body bytes, headers, arrival time) and answers each with what
 * `respond` decides: a status, or `'hang'` to never answer (the sender's timeout then fires).
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';

/** One request as the receiver got it. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
  /** What the receiver answered (null when it hung). */
  answered: number | null;
  receivedAt: number;
}

/** A running receiver. */
export interface TestReceiver {
  /** e.g. `http://127.0.0.1:40123/hooks` */
  url: string;
  received: ReceivedRequest[];
  /** Replaces the answer rule for the next requests. */
  setRespond(respond: (request: ReceivedRequest) => number | 'hang'): void;
  /** Resolves when `predicate(received)` holds; rejects after `timeoutMs` (default 5000). */
  waitFor(predicate: (received: ReceivedRequest[]) => boolean, timeoutMs?: number): Promise<void>;
  /** Stops listening and drops hung connections. */
  close(): Promise<void>;
}

/** Starts a receiver answering 200 unless told otherwise. */
export async function startTestReceiver(path = '/hooks'): Promise<TestReceiver> {
  let respond: (request: ReceivedRequest) => number | 'hang' = () => 200;
  const received: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        rawBody: Buffer.concat(chunks),
        answered: null,
        receivedAt: Date.now(),
      };
      const answer = respond(request);
      received.push(request);
      if (answer === 'hang') return;
      request.answered = answer;
      res.writeHead(answer, { 'content-type': 'text/plain' });
      res.end(answer < 300 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('Receiver has no port');
  return {
    url: `http://127.0.0.1:${address.port}${path}`,
    received,
    setRespond(next) {
      respond = next;
    },
    async waitFor(predicate, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (Date.now() > deadline) {
          throw new Error(`Receiver did not get what was expected (${received.length} requests)`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
