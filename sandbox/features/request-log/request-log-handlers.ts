/**
 * `GET /sandbox/v1/requests` and `GET /sandbox/v1/requests/:requestId`: the request log of the
 * key's merchant and mode (contract/request-log.ts; recorded by sandbox/core/request-log.ts),
 * newest first with the shared cursor paging, filtered by Idempotency-Key, status, method or path.
 * An entry's bodies are shown only to a key whose scopes open its route (issue 26;
 * `renderRequestLogEntry`).
 */
import type { HandlerRegistry } from '../../core/handler';
import { recordReads } from '../../core/record-reads';
import { renderRequestLogEntry, requestLogRowSchema } from '../../core/request-log';

const requestLog = { table: 'request_log', noun: 'logged request', rowSchema: requestLogRowSchema };

/** Handlers of the request log, by route name. */
export const requestLogHandlers = recordReads(
  requestLog,
  (row, { caller }) => renderRequestLogEntry(row, caller.scopes),
  {
    listRequestLog: {
      idempotency_key: 'idempotency_key',
      status: 'status',
      method: 'method',
      path: 'path',
    },
    /** One logged request by its request id. @throws ApiError 404 outside the key's mode or retention. */
    getRequestLogEntry: 'requestId',
  },
) satisfies HandlerRegistry;
