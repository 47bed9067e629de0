/**
 * Payout use cases and the service's review of them (service-api.md, "Authentication" rule 7:
 * "Payout access is requested by submitting a payout use case"; rule 5: "Payout API access enabled
 * for the business by the service after review"). docs/decisions/0021-payout-access-review.md and
 * sandbox/README.md, "Payout access review".
 *
 * A business has at most one use case `in_review`. Approval turns the Payout API on for the
 * business (`payout_access.api_enabled`); a decline leaves it as it was and the business may
 * submit again. The other gates of rule 5 (KYC, IP whitelist, live key, scope, …) are untouched.
 * Live mode only: Payout API access is a live-mode setting (the route table's `liveOnly`).
 */
import { z } from 'zod';
import type { Mode } from '../../../contract/common';
import { errorCodes } from '../../../contract/errors';
import { koboToNaira, nairaToKobo } from '../../../contract/money';
import type { PayoutUseCase } from '../../../contract/payouts';
import { ApiError } from '../../core/api-error';
import { randomId } from '../../core/crypto';
import type { HandlerContext, HandlerRegistry, HandlerResult } from '../../core/handler';
import { execute, type Db } from '../../db/database';
import { findOwned, listPage } from '../../db/paging';
import { enablePayoutApi, getPayoutAccess } from './payout-rules';

const useCaseRowSchema = z.object({
  id: z.string(),
  mode: z.enum(['test', 'live']),
  use_case: z.string(),
  expected_monthly_volume_kobo: z.number().int().nullable(),
  status: z.enum(['in_review', 'approved', 'declined']),
  decline_reason: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  created_at: z.string(),
});

const useCases = {
  table: 'payout_use_cases',
  noun: 'payout use case',
  rowSchema: useCaseRowSchema,
};

function renderUseCase(row: z.infer<typeof useCaseRowSchema>): PayoutUseCase {
  return {
    id: row.id,
    mode: 'live', // the table holds live rows only (CHECK); test-mode reads find none
    useCase: row.use_case,
    expectedMonthlyVolume:
      row.expected_monthly_volume_kobo === null
        ? null
        : koboToNaira(row.expected_monthly_volume_kobo),
    status: row.status,
    declineReason: row.decline_reason,
    reviewedAt: row.reviewed_at,
    createdAt: row.created_at,
  };
}

function readUseCase(db: Db, owner: { merchantId: string; mode: Mode }, id: string) {
  return renderUseCase(findOwned(db, useCases, owner, id));
}

/**
 * `POST /api/v1/payout-use-cases` `{ useCase, expectedMonthlyVolume? }` (naira): submits the
 * business's payout use case for review; answers it `in_review` (201).
 * @throws ApiError 409 CONFLICT when the Payout API is already enabled for the business, or
 *   another use case is still in review (nothing is stored).
 */
function submitUseCase(
  context: HandlerContext<'submitPayoutUseCase'>,
): HandlerResult<'submitPayoutUseCase'> {
  const { db } = context.services;
  const { caller, body, now } = context;
  if (getPayoutAccess(db, caller.merchantId).enabled) {
    throw new ApiError(409, 'Payout API access is already enabled for the business', {
      code: errorCodes.conflict,
    });
  }
  const pending = listPage(
    db,
    useCases,
    { merchantId: caller.merchantId, mode: 'live' },
    {
      limit: 1,
    },
    { status: 'in_review' },
  ).rows[0];
  if (pending !== undefined) {
    throw new ApiError(409, `Payout use case ${pending.id} is still in review`, {
      code: errorCodes.conflict,
    });
  }
  const id = randomId('puc_');
  execute(
    db,
    `INSERT INTO payout_use_cases (id, merchant_id, mode, use_case, expected_monthly_volume_kobo,
       status, created_at)
     VALUES (?, ?, 'live', ?, ?, 'in_review', ?)`,
    [
      id,
      caller.merchantId,
      body.useCase,
      body.expectedMonthlyVolume === undefined ? null : nairaToKobo(body.expectedMonthlyVolume),
      now.toISOString(),
    ],
  );
  return {
    status: 201,
    body: { data: readUseCase(db, { merchantId: caller.merchantId, mode: 'live' }, id) },
  };
}

/**
 * `POST /sandbox/v1/payout-use-cases/:useCaseId/review` `{ decision: 'approved' }` or
 * `{ decision: 'declined', reason? }`: the service's decision (sandbox control). Approval enables
 * the Payout API for the business. Answers the use case (200).
 * @throws ApiError 404 for an unknown use case, 409 CONFLICT when it is not in review.
 */
function reviewUseCase(
  context: HandlerContext<'reviewPayoutUseCase'>,
): HandlerResult<'reviewPayoutUseCase'> {
  const { db } = context.services;
  const { caller, body, now, params } = context;
  const owner = { merchantId: caller.merchantId, mode: 'live' as const };
  const current = readUseCase(db, owner, params.useCaseId);
  if (current.status !== 'in_review') {
    throw new ApiError(409, `Payout use case ${current.id} was already ${current.status}`, {
      code: errorCodes.conflict,
    });
  }
  execute(
    db,
    `UPDATE payout_use_cases SET status = ?, decline_reason = ?, reviewed_at = ? WHERE id = ?`,
    [
      body.decision,
      body.decision === 'declined'
        ? (body.reason ?? 'The use case does not meet the payout policy')
        : null,
      now.toISOString(),
      current.id,
    ],
  );
  if (body.decision === 'approved') enablePayoutApi(db, caller.merchantId, now);
  return { status: 200, body: { data: readUseCase(db, owner, current.id) } };
}

/**
 * `GET /api/v1/payout-use-cases?status=`: a page of the business's use cases, newest first. In
 * the key's mode like every list: a test key lists none (use cases are live-mode records).
 */
function listUseCases(
  context: HandlerContext<'listPayoutUseCases'>,
): HandlerResult<'listPayoutUseCases'> {
  const { query, caller } = context;
  const page = listPage(context.services.db, useCases, caller, query, { status: query.status });
  return { status: 200, body: { data: page.rows.map(renderUseCase), hasMore: page.hasMore } };
}

/** `GET /api/v1/payout-use-cases/:useCaseId`. @throws ApiError 404 for an unknown id or a test key. */
function getUseCase(
  context: HandlerContext<'getPayoutUseCase'>,
): HandlerResult<'getPayoutUseCase'> {
  return {
    status: 200,
    body: { data: readUseCase(context.services.db, context.caller, context.params.useCaseId) },
  };
}

/** Handlers of the payout use cases, by route name. */
export const payoutUseCaseHandlers = {
  submitPayoutUseCase: { run: submitUseCase },
  reviewPayoutUseCase: { run: reviewUseCase },
  listPayoutUseCases: { run: listUseCases },
  getPayoutUseCase: { run: getUseCase },
} satisfies HandlerRegistry;
