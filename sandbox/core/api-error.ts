/**
 * Failures as the API reports them (service-api.md, "Errors"; contract/errors.ts).
 *
 * Rules and handlers throw {@link ApiError}; the core renders it as
 * `{ statusCode, message, requestId, path, timestamp, code? }` with the `x-request-id` header. Any
 * other exception becomes a 500 `INTERNAL_ERROR` whose body says nothing about the cause.
 */
import { errorCodes, requestIdHeader, type ErrorBody } from '../../contract/errors';

/**
 * Codes the sandbox uses that `contract/errors.ts` does not list yet (the interface document leaves
 * the complete list "not shown"). Candidates for the contract.
 */
export const sandboxErrorCodes = {
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
} as const;

/** A failure with its HTTP status, message, optional machine-readable code and extra headers. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string | undefined;
  /** Extra response headers, e.g. `Retry-After` (seconds) or `Allow`. */
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    status: number,
    message: string,
    options: { code?: string; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = status;
    this.code = options.code;
    this.headers = options.headers ?? {};
  }
}

/** 401 for a missing, unknown, revoked or public key: exactly the documented message, no code. */
export function invalidApiKey(): ApiError {
  return new ApiError(401, 'Invalid API key');
}

/**
 * 403 `LIVE_MODE_REQUIRED` for a route that changes live-mode settings (payout access and its use
 * cases, payout keys, live settlements) called with a test key: only a live key with `scope` may
 * (docs/decisions/0025-scopes-and-sandbox-controls.md, 0021-payout-access-review.md).
 */
export function liveControlOnly(scope = 'sandbox:controls'): ApiError {
  const what = scope === 'sandbox:controls' ? 'This sandbox control' : 'This route';
  return new ApiError(
    403,
    `${what} changes live-mode settings: use a live-mode secret key with the ${scope} scope`,
    { code: errorCodes.liveModeRequired },
  );
}

/** 404 `NOT_FOUND` naming what was not found (never whether it exists in the other mode). */
export function notFound(message: string): ApiError {
  return new ApiError(404, message, { code: errorCodes.notFound });
}

/** Longest error message a failure line carries, in characters. */
const maxFailureMessageChars = 300;

/**
 * The one line the server logs for an unexpected failure (a 500): request id, method and path,
 * the error's name and message on one line (whitespace collapsed, at most 300 characters), never
 * a stack trace mixed with the server's output (issue 26). Quote the request id to find the
 * request in the request log.
 */
export function unexpectedFailureLine(error: unknown, requestId: string, where: string): string {
  const what =
    error instanceof Error ? `${error.name}: ${error.message}` : `thrown ${typeof error}`;
  const oneLine = what.replace(/\s+/g, ' ').trim();
  const cut =
    oneLine.length > maxFailureMessageChars
      ? `${oneLine.slice(0, maxFailureMessageChars)}…`
      : oneLine;
  return `[sandbox] ${requestId} ${where} failed unexpectedly (500): ${cut}`;
}

/** Headers every JSON answer of the API carries. */
export function jsonHeaders(requestId: string): Record<string, string> {
  return {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    [requestIdHeader]: requestId,
  };
}

/**
 * The error response for `error` (an {@link ApiError}; anything else becomes a 500 without
 * details). `timestamp` is the sandbox clock's instant, ISO 8601.
 */
export function errorResponse(
  error: unknown,
  context: { requestId: string; path: string; timestamp: Date },
): Response {
  const apiError =
    error instanceof ApiError
      ? error
      : new ApiError(500, 'Something went wrong on our side. Quote the requestId to support.', {
          code: errorCodes.internal,
        });
  const body: ErrorBody = {
    statusCode: apiError.status,
    message: apiError.message,
    requestId: context.requestId,
    path: context.path,
    timestamp: context.timestamp.toISOString(),
    ...(apiError.code === undefined ? {} : { code: apiError.code }),
  };
  return new Response(JSON.stringify(body), {
    status: apiError.status,
    headers: { ...jsonHeaders(context.requestId), ...apiError.headers },
  });
}
