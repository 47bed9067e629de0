/**
 * `GET /sandbox/v1/requests` and `GET /sandbox/v1/requests/:requestId`: the request log of the
 * key's merchant and mode (contract/request-log.ts; recorded by sandbox/core/request-log.ts),
 * newest first with the shared cursor paging, filtered by Idempotency-Key, status or method.
 */
import type { HandlerRegistry } from '../../core/handler';
import { getRecord, listRecords } from '../../core/record-reads';
import { renderRequestLogEntry, requestLogRowSchema } from '../../core/request-log';

const requestLog = { table: 'request_log', noun: 'logged request', rowSchema: requestLogRowSchema };

/** Handlers of the request log, by route name. */
export const requestLogHandlers = {
  listRequestLog: listRecords(
    'listRequestLog',
    requestLog,
    (query) => ({
      idempotency_key: query.idempotency_key,
      status: query.status,
      method: query.method,
    }),
    renderRequestLogEntry,
  ),
  /** One logged request by its request id. @throws ApiError 404 outside the key's mode or retention. */
  getRequestLogEntry: getRecord(
    'getRequestLogEntry',
    requestLog,
    (params) => params.requestId,
    renderRequestLogEntry,
  ),
} satisfies HandlerRegistry;
