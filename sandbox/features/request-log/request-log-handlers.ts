/**
 * `GET /sandbox/v1/requests` and `GET /sandbox/v1/requests/:requestId`: the request log of the
 * key's merchant and mode (contract/request-log.ts; recorded by sandbox/core/request-log.ts),
 * newest first with the shared cursor paging, filtered by Idempotency-Key, status or method.
 */
import type { HandlerContext, HandlerRegistry, HandlerResult } from '../../core/handler';
import { renderRequestLogEntry, requestLogRowSchema } from '../../core/request-log';
import { findOwned, listPage } from '../../db/paging';

const requestLog = { table: 'request_log', noun: 'logged request', rowSchema: requestLogRowSchema };

function listRequestLog(
  context: HandlerContext<'listRequestLog'>,
): HandlerResult<'listRequestLog'> {
  const { query, caller } = context;
  const page = listPage(context.services.db, requestLog, caller, query, {
    idempotency_key: query.idempotency_key,
    status: query.status,
    method: query.method,
  });
  return {
    status: 200,
    body: { data: page.rows.map(renderRequestLogEntry), hasMore: page.hasMore },
  };
}

/** One logged request by its request id. @throws ApiError 404 outside the key's mode or retention. */
function getRequestLogEntry(
  context: HandlerContext<'getRequestLogEntry'>,
): HandlerResult<'getRequestLogEntry'> {
  const { params, caller } = context;
  const row = findOwned(context.services.db, requestLog, caller, params.requestId);
  return { status: 200, body: { data: renderRequestLogEntry(row) } };
}

/** Handlers of the request log, by route name. */
export const requestLogHandlers = {
  listRequestLog: { run: listRequestLog },
  getRequestLogEntry: { run: getRequestLogEntry },
} satisfies HandlerRegistry;
