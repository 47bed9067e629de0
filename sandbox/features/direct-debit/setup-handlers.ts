/**
 * The hosted customer setup API (service-api.md, "Hosted customer setup" and its rules; product.md,
 * "Direct-debit setup: the flow"). Every call is authorized by the link's capability token in
 * `x-direct-debit-token` (Authentication, rule 8); the core has already checked it.
 */
import type { Bank } from '../../../contract/banks';
import { errorCodes } from '../../../contract/errors';
import { isValidNuban } from '../../../contract/nuban';
import { ApiError } from '../../core/api-error';
import type {
  HandlerContext,
  HandlerRegistry,
  HandlerResult,
  SandboxServices,
  SetupLinkCaller,
} from '../../core/handler';
import { atomically, type Db } from '../../db/database';
import type { BankAccountValidator } from '../../core/bank-account-validator';
import type { Lookup } from './lookup-rate-limit';
import { assertAuthorizationAllowed } from './authorization-limit';
import { findBank, listBanks } from './banks';
import { recordLookup, recordSubmitLookup } from './lookup-rate-limit';
import { createMandate, disableAutomaticDebit } from './mandates';
import { buildSetupState } from './setup-state';

/** @throws ApiError 409 SETUP_CLOSED when setup is no longer open. */
function assertSetupOpen(db: Db, caller: SetupLinkCaller, now: Date): void {
  const state = buildSetupState(db, caller, now);
  if (!state.setupOpen) {
    throw new ApiError(409, 'Direct debit setup is closed for this subscription', {
      code: errorCodes.setupClosed,
    });
  }
}

/**
 * The bank, with the account number checked against its CBN check digit when it has a code.
 * @throws ApiError 400 UNKNOWN_BANK or INVALID_ACCOUNT_NUMBER.
 */
function checkAccount(bankId: string, accountNumber: string): Bank {
  const bank = findBank(bankId);
  if (bank === undefined) {
    throw new ApiError(400, `Unknown bankId ${bankId}; use an id from the bank list`, {
      code: errorCodes.unknownBank,
    });
  }
  if (bank.cbnCode !== null && !isValidNuban(bank.cbnCode, accountNumber)) {
    throw new ApiError(400, `${accountNumber} is not a valid ${bank.name} account number`, {
      code: errorCodes.invalidAccountNumber,
    });
  }
  return bank;
}

/**
 * The validator for the link's mode. A test link must never reach live validation (rule 3), so
 * a validator of the wrong mode is refused even if one was injected.
 */
function validatorFor(services: SandboxServices, caller: SetupLinkCaller): BankAccountValidator {
  const validator = services.validators[caller.mode];
  if (validator.mode !== caller.mode) {
    throw new Error(`The ${caller.mode} setup link has a ${validator.mode} account validator`);
  }
  return validator;
}

/** The rate limit's view of a resolution by this link (lookup-rate-limit.ts). */
function lookupOf(caller: SetupLinkCaller, bankId: string, accountNumber: string): Lookup {
  return { linkId: caller.linkId, mode: caller.mode, bankId, accountNumber };
}

/**
 * The holder's name from the validator.
 * @throws ApiError 404 ACCOUNT_NOT_FOUND when the bank knows no such account.
 */
async function resolveName(
  services: SandboxServices,
  caller: SetupLinkCaller,
  bank: Bank,
  accountNumber: string,
): Promise<string> {
  const resolution = await validatorFor(services, caller).resolve({ bank, accountNumber });
  if (!resolution.found) {
    throw new ApiError(404, `No account ${accountNumber} at ${bank.name}`, {
      code: errorCodes.accountNotFound,
    });
  }
  return resolution.accountName;
}

function getSetup(context: HandlerContext<'getSetup'>): HandlerResult<'getSetup'> {
  return {
    status: 200,
    body: { data: buildSetupState(context.services.db, context.caller, context.now) },
  };
}

function listSetupBanks(): HandlerResult<'listSetupBanks'> {
  return { status: 200, body: { data: [...listBanks()] } };
}

/**
 * In one transaction: the link is still open, the bank and check digit are good, and the lookup
 * is counted by `record` (lookup-rate-limit.ts). Returns the bank.
 * @throws ApiError 409 SETUP_CLOSED, 400 UNKNOWN_BANK / INVALID_ACCOUNT_NUMBER, 429 RATE_LIMITED.
 */
function checkAndCount(
  context: HandlerContext<'resolveAccount' | 'submitSetup'>,
  record: (db: Db, lookup: Lookup, now: Date) => void,
): ReturnType<typeof checkAccount> {
  const { db } = context.services;
  const { bankId, bankAccountNumber } = context.body;
  return atomically(db, () => {
    assertSetupOpen(db, context.caller, context.now);
    const checked = checkAccount(bankId, bankAccountNumber);
    record(db, lookupOf(context.caller, bankId, bankAccountNumber), context.now);
    return checked;
  });
}

/**
 * `POST /direct-debit/setup/resolve-account`: `{ data: { accountName } }`. Checks, in order: setup
 * open (409), bank known (400), check digit (400), then counts the lookup against the link's rate
 * limit (lookup-rate-limit.ts: 5 per minute, 429) and asks the validator (404 when not found). Only
 * the lookup's instant is stored, never the bank, account or name. A retry with the same optional
 * Idempotency-Key and body is answered afresh but counted once (409, no code, with
 * another body; docs/decisions/0023).
 */
async function resolveAccount(
  context: HandlerContext<'resolveAccount'>,
): Promise<HandlerResult<'resolveAccount'>> {
  const bank = checkAndCount(context, (db, lookup, now) =>
    recordLookup(db, lookup, now, context.idempotencyKey),
  );
  const { bankAccountNumber } = context.body;
  const accountName = await resolveName(context.services, context.caller, bank, bankAccountNumber);
  return { status: 200, body: { data: { accountName } } };
}

/**
 * `POST /direct-debit/setup`: the authorization `{ bankId, bankAccountNumber, consent: true }`.
 * A browser-sent account name is dropped by the schema; the name is resolved again here
 * (rule 2), and that resolution counts against the link's lookup limit unless the link resolved
 * the same (bank, account) within the window (rule 1; lookup-rate-limit.ts). Checks, in order:
 * setup open, bank, check digit, the link's authorization limit (authorization-limit.ts: 3 in
 * 10 minutes), the lookup limit, then the validator. Creates the mandate (outcome by test account
 * number in test mode) and answers 201 with the new setup state.
 * @throws ApiError 409 SETUP_CLOSED (also when a concurrent submission won), 400 UNKNOWN_BANK /
 *   INVALID_ACCOUNT_NUMBER, 429 RATE_LIMITED with `Retry-After` (either limit), 404
 *   ACCOUNT_NOT_FOUND.
 */
async function submitSetup(
  context: HandlerContext<'submitSetup'>,
): Promise<HandlerResult<'submitSetup'>> {
  const { db, approvalDelayMs } = context.services;
  const { bankAccountNumber } = context.body;
  const { subscriptionId } = context.caller;
  const bank = checkAndCount(context, (_db, lookup, now) => {
    assertAuthorizationAllowed(db, subscriptionId, now);
    recordSubmitLookup(db, lookup, now);
  });
  const accountName = await resolveName(context.services, context.caller, bank, bankAccountNumber);
  const state = atomically(db, () => {
    // Checked again: another submission may have landed while the name was being resolved.
    assertSetupOpen(db, context.caller, context.now);
    assertAuthorizationAllowed(db, subscriptionId, context.now);
    createMandate(db, {
      merchantId: context.caller.merchantId,
      mode: context.caller.mode,
      subscriptionId: context.caller.subscriptionId,
      bank: { id: bank.id, name: bank.name },
      accountNumber: bankAccountNumber,
      accountName,
      now: context.now,
      approvalDelayMs,
    });
    return buildSetupState(db, context.caller, context.now);
  });
  return { status: 201, body: { data: state } };
}

/**
 * `POST /direct-debit/setup/disable` `{}`: the customer turns automatic debit off; the mandate, if
 * active, pending or unknown, moves to `revocation_requested` (then `revoked` once the bank
 * confirms). Works on any valid link, open or closed, and again without further effect. Answers
 * with the setup state, which keeps showing the mandate.
 */
function disableSetup(context: HandlerContext<'disableSetup'>): HandlerResult<'disableSetup'> {
  const { db } = context.services;
  disableAutomaticDebit(
    db,
    context.caller.subscriptionId,
    context.now,
    context.services.approvalDelayMs,
  );
  return { status: 200, body: { data: buildSetupState(db, context.caller, context.now) } };
}

/** Handlers of the hosted setup API, by route name. */
export const setupHandlers = {
  getSetup: { run: getSetup },
  listSetupBanks: { run: listSetupBanks },
  resolveAccount: { runAsync: resolveAccount },
  submitSetup: { runAsync: submitSetup },
  disableSetup: { run: disableSetup },
} satisfies HandlerRegistry;
