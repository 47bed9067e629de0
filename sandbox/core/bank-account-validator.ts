/**
 * The port through which the core asks a bank for an account holder's name (service-api.md,
 * "Rules for the hosted setup", 2 and 3). The core's services carry one validator per mode
 * (`SandboxServices.validators`); the implementations live in the direct-debit feature
 * (`sandbox/features/direct-debit/account-validator.ts`), so the core never imports a feature.
 */
import type { Bank } from '../../contract/banks';

/** The result of a lookup. `accountName` is what the bank holds for the account. */
export type AccountResolution = { found: true; accountName: string } | { found: false };

/** Resolves the holder's name of a NUBAN at a bank. */
export interface BankAccountValidator {
  /** Which links may use it: a test link only ever calls a `test` validator. */
  readonly mode: 'test' | 'live';
  /**
   * The holder's name, or `{ found: false }`. `accountNumber` is 10 digits whose check digit has
   * already been verified when the bank has a CBN code.
   * @throws Error when the provider cannot answer (the core reports 500).
   */
  resolve(input: { bank: Bank; accountNumber: string }): Promise<AccountResolution>;
}
