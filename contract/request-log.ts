/**
 * The request log (ours; sandbox/README.md, "Request log"): a merchant's past API requests in one
 * mode with their answers, found by request id (service-api.md, "Errors": quote `requestId`) or
 * Idempotency-Key. Bodies are the JSON sent and answered, with secret keys, webhook secrets and
 * capability tokens replaced by `[REDACTED]`. A key sees the bodies of an entry only when its
 * scopes open the entry's route (the scope table of sandbox/README.md); of any other entry it
 * sees the method, path, status, request id, Idempotency-Key, time and duration, and
 * `bodiesWithheld: true` (issue 26).
 */
import { z } from 'zod';
import { isoTimestampSchema, modeSchema } from './common';
import { listQuery, listResponse } from './paging';

/**
 * Entries received more than this many days ago, by the real clock (not the test clock: advancing
 * it does not age the log), are dropped.
 */
export const requestLogRetentionDays = 7;
/** At most this many entries are kept per merchant and mode; the oldest go first. */
export const requestLogMaxEntries = 1000;

export const requestLogEntrySchema = z.object({
  /** The request id (`req_…`), as in `x-request-id` and every error body. */
  id: z.string(),
  mode: modeSchema,
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
  idempotencyKey: z.string().nullable(),
  /** Milliseconds from arrival to answer. */
  durationMs: z.number().int().nonnegative(),
  /** Parsed JSON, redacted; null without a JSON body, or when withheld. */
  requestBody: z.unknown(),
  responseBody: z.unknown(),
  /**
   * True when the reading key lacks the scope of the entry's route: both bodies are then null
   * (they may hold what that scope guards: a customer's e-mail, an account number).
   */
  bodiesWithheld: z.boolean(),
  createdAt: isoTimestampSchema,
});
export type RequestLogEntry = z.infer<typeof requestLogEntrySchema>;

/**
 * Header the sandbox console sends with its own reads (`GET`) so that they stay out of the
 * merchant's request log: the console polls, and its reads are not the merchant's history
 * (docs/decisions/0035-contract-document-and-console-reads.md). Writes are logged either way.
 */
export const consoleReadHeader = 'x-sandbox-console';

export const requestLogQuerySchema = listQuery({
  idempotency_key: z.string().min(1).max(255).optional(),
  status: z.coerce.number<string>().int().min(100).max(599).optional(),
  method: z.enum(['GET', 'POST', 'PUT', 'DELETE']).optional(),
  /** The request's path exactly, e.g. `/api/v1/payments` (no query string). */
  path: z.string().min(1).max(2048).optional(),
});
export const requestLogListResponseSchema = listResponse(requestLogEntrySchema);
export const requestLogEntryResponseSchema = z.object({ data: requestLogEntrySchema });
