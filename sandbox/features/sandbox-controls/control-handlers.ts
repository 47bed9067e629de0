/**
 * Test-mode sandbox controls (contract/sandbox-controls.ts; test-mode secret keys only, the core
 * refuses live keys with 403 TEST_MODE_ONLY):
 *
 * - `POST /sandbox/v1/virtual-accounts/:id/transfers` `{ amount, senderName? }`: an inbound bank
 *   transfer of `amount` naira (checkout/transfers.ts says what it does).
 * - `POST /sandbox/v1/virtual-accounts/:id/expire` `{}`: ends a dynamic account's window now.
 * - `GET /sandbox/v1/clock`, `POST /sandbox/v1/clock/advance` `{ seconds }`: the test clock, test
 *   mode's time only (live mode keeps the base clock; docs/decisions/0004-time-and-due-work.md);
 *   advancing it applies every due rule of test mode at once.
 * - `POST /sandbox/v1/invoices/:invoiceId/debit/reconcile` `{ outcome }`: settles a debit whose
 *   result is unknown.
 */
import { errorCodes } from '../../../contract/errors';
import { nairaToKobo } from '../../../contract/money';
import { ApiError } from '../../core/api-error';
import { execute } from '../../db/database';
import { expirePaymentsOfAccounts, billingContextOf } from '../payments/payments';
import type { AdjustableClock } from '../../core/clock';
import type { HandlerContext, HandlerRegistry, HandlerResult } from '../../core/handler';
import { getInvoiceRow, invoiceView } from '../subscriptions/invoices';
import { reconcileDebit } from '../direct-debit/renewal-debits';
import { receiveTransfer } from '../checkout/transfers';
import {
  expireDueAccounts,
  findVirtualAccount,
  getVirtualAccountRow,
  renderVirtualAccount,
} from '../virtual-accounts/virtual-accounts';

function simulateTransfer(
  context: HandlerContext<'simulateTransfer'>,
): HandlerResult<'simulateTransfer'> {
  const { db } = context.services;
  const { caller, body } = context;
  const account = findVirtualAccount(
    db,
    caller.merchantId,
    caller.mode,
    context.params.virtualAccountId,
  );
  const after = receiveTransfer(
    db,
    account,
    { amountKobo: nairaToKobo(body.amount), senderName: body.senderName ?? null },
    billingContextOf(context),
  );
  return { status: 201, body: { data: renderVirtualAccount(after) } };
}

/**
 * Ends a dynamic account's payment window now: EXPIRED, its pending payment expired
 * (`payment.failed`). @throws ApiError 404 unknown account; 409 CONFLICT for a reserved account.
 */
function expireVirtualAccount(
  context: HandlerContext<'expireVirtualAccount'>,
): HandlerResult<'expireVirtualAccount'> {
  const { db } = context.services;
  const { caller } = context;
  const account = findVirtualAccount(
    db,
    caller.merchantId,
    caller.mode,
    context.params.virtualAccountId,
  );
  if (account.type !== 'DYNAMIC') {
    throw new ApiError(409, 'Reserved accounts do not expire', { code: errorCodes.conflict });
  }
  if (account.status === 'ACTIVE') {
    execute(db, 'UPDATE virtual_accounts SET expires_at = ? WHERE id = ?', [
      context.now.toISOString(),
      account.id,
    ]);
    expirePaymentsOfAccounts(
      db,
      expireDueAccounts(db, caller.mode, context.now),
      billingContextOf(context),
    );
  }
  return {
    status: 200,
    body: { data: renderVirtualAccount(getVirtualAccountRow(db, account.id)) },
  };
}

/** `{ data: { now, offsetSeconds } }` of the test clock. */
function clockBody(context: { services: { clocks: { test: AdjustableClock } } }) {
  const clock = context.services.clocks.test;
  return {
    data: {
      now: clock.now().toISOString(),
      offsetSeconds: Math.floor(clock.offsetMs() / 1000),
    },
  };
}

function getClock(context: HandlerContext<'getClock'>): HandlerResult<'getClock'> {
  return { status: 200, body: clockBody(context) };
}

/**
 * Moves the test clock forward (test mode only; live records keep the base clock). The due work
 * of the new instant (expiries, activations, debits, lapses) is applied at the start of the next
 * request (and by the server's ticker).
 */
function advanceClock(context: HandlerContext<'advanceClock'>): HandlerResult<'advanceClock'> {
  context.services.clocks.test.advanceBy(context.body.seconds * 1000);
  return { status: 200, body: clockBody(context) };
}

function reconcileInvoiceDebit(
  context: HandlerContext<'reconcileDebit'>,
): HandlerResult<'reconcileDebit'> {
  const { db } = context.services;
  const billing = billingContextOf(context);
  reconcileDebit(
    db,
    {
      merchantId: context.caller.merchantId,
      mode: context.caller.mode,
      invoiceId: context.params.invoiceId,
    },
    context.body.outcome,
    billing,
  );
  return {
    status: 200,
    body: { data: invoiceView(db, getInvoiceRow(db, context.params.invoiceId), billing) },
  };
}

/** Handlers of the sandbox controls of issue 4, by route name. */
export const controlHandlers = {
  simulateTransfer: { run: simulateTransfer },
  expireVirtualAccount: { run: expireVirtualAccount },
  getClock: { run: getClock },
  advanceClock: { run: advanceClock },
  reconcileDebit: { run: reconcileInvoiceDebit },
} satisfies HandlerRegistry;
