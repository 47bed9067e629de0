/**
 * NUBAN (Nigeria Uniform Bank Account Number) check digit, as published by the CBN
 * ("Proposals on the implementation of NUBAN scheme", v0.4, 2010, and the 2020 revision that pads
 * bank codes to six digits). product.md, "Money, phones, banks, time".
 *
 * A NUBAN is a 9-digit serial plus one check digit. The check digit is computed over the bank
 * code padded to 6 digits followed by the serial (15 digits), with weights 3,7,3 repeated:
 * check = (10 - (Σ digit × weight) mod 10) mod 10.
 */

const weights = [3, 7, 3] as const;

/** True when `value` is exactly ten ASCII digits. */
export function isTenDigits(value: string): boolean {
  return /^\d{10}$/.test(value);
}

/**
 * The check digit for a 9-digit `serial` at the bank whose CBN code is `bankCode` (3 to 6 digits).
 * @throws RangeError when either argument is not all digits of the right length.
 */
export function nubanCheckDigit(bankCode: string, serial: string): number {
  if (!/^\d{3,6}$/.test(bankCode)) throw new RangeError('bank code must be 3 to 6 digits');
  if (!/^\d{9}$/.test(serial)) throw new RangeError('serial must be 9 digits');
  const digits = bankCode.padStart(6, '0') + serial;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    sum += Number(digits[i]) * (weights[i % 3] ?? 0);
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * True when the 10-digit `accountNumber` carries the right check digit for `bankCode`.
 * Returns false (never throws) for malformed input.
 */
export function isValidNuban(bankCode: string, accountNumber: string): boolean {
  if (!isTenDigits(accountNumber) || !/^\d{3,6}$/.test(bankCode)) return false;
  return nubanCheckDigit(bankCode, accountNumber.slice(0, 9)) === Number(accountNumber[9]);
}
