/**
 * Node `http` ⇄ WHATWG `Request`/`Response`, small on purpose: the core only needs method, URL,
 * headers and the body bytes.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { maxBodyBytes } from '../core/request-body';

/**
 * Reads the body of `req`, at most `maxBodyBytes + 1` bytes: enough for the core to answer 413
 * without the server buffering an oversized upload. `truncated` says the rest was not read (the
 * connection must then be closed).
 */
async function readBody(req: IncomingMessage): Promise<{ body: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    chunks.push(buffer);
    total += buffer.byteLength;
    if (total > maxBodyBytes) return { body: Buffer.concat(chunks), truncated: true };
  }
  return { body: Buffer.concat(chunks), truncated: false };
}

/**
 * The `Request` for `req`, addressed at `origin` + the request target. `truncated` is true when
 * the body was longer than the core accepts and was not read to the end.
 */
export async function toWebRequest(
  req: IncomingMessage,
  origin: string,
): Promise<{ request: Request; truncated: boolean }> {
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i];
    const value = req.rawHeaders[i + 1];
    if (name !== undefined && value !== undefined) headers.append(name, value);
  }
  const method = req.method ?? 'GET';
  const withBody = method !== 'GET' && method !== 'HEAD';
  const { body, truncated } = withBody
    ? await readBody(req)
    : { body: Buffer.alloc(0), truncated: false };
  const request = new Request(origin + (req.url ?? '/'), {
    method,
    headers,
    body: withBody && body.byteLength > 0 ? new Uint8Array(body) : undefined,
  });
  return { request, truncated };
}

/** Writes `response` to `res` with `extraHeaders` added; no body for HEAD. */
export async function sendWebResponse(
  res: ServerResponse,
  response: Response,
  options: { extraHeaders: Readonly<Record<string, string>>; head: boolean; close: boolean },
): Promise<void> {
  const headers: Record<string, string> = { ...options.extraHeaders };
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  if (options.close) headers.connection = 'close';
  const body = Buffer.from(await response.arrayBuffer());
  headers['content-length'] = String(body.byteLength);
  res.writeHead(response.status, headers);
  res.end(options.head ? undefined : body);
}
