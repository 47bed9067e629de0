/**
 * The account step's form schema (product.md, flow step 4): exactly ten digits (spaces and
 * dashes typed for readability are dropped), and for a bank with a CBN code the NUBAN check digit
 * (contract/nuban.ts), so a mistyped number never spends a rate-limited lookup. `zod/mini`, as
 * all of the hosted pages' code (docs/decisions/0018-first-load-bytes.md, "Why not 100 KB").
 */
import { z } from 'zod/mini';
import type { Bank } from '../../../contract/banks';
import { isValidNuban } from '../../../contract/nuban';
import { errorId } from '../../messages/i18n';
import './steps-catalog';
import { digitsOf } from './bank-list';

/**
 * Schema of `{ accountNumber }` for `bank`; its output is the ten digits. Its errors are message
 * ids (src/messages/i18n.ts, `translateFormError`); the check-digit one takes `{ bank }`.
 */
export function accountFormSchema(bank: Bank) {
  return z.object({
    accountNumber: z.pipe(
      z.pipe(z.string(), z.transform(digitsOf)),
      z.string().check(
        z.minLength(1, { error: errorId('setup.account.required'), abort: true }),
        z.regex(/^\d{10}$/, { error: errorId('setup.account.tenDigits'), abort: true }),
        z.refine((digits: string) => bank.cbnCode === null || isValidNuban(bank.cbnCode, digits), {
          error: errorId('setup.account.checkDigit'),
        }),
      ),
    ),
  });
}

export type AccountFormInput = z.input<ReturnType<typeof accountFormSchema>>;
export type AccountFormOutput = z.output<ReturnType<typeof accountFormSchema>>;
