import { expect, test } from 'vitest';
import { isValidNuban, nubanCheckDigit } from './nuban';

// CBN, "Proposals on the implementation of NUBAN scheme" v0.4 (2010), worked example: First Bank
// (011), serial 000001457: 0*3+1*7+1*3+0*3+0*7+0*3+0*3+0*7+1*3+4*3+5*7+7*3 = 81 → 10 - 1 = 9.
test('the CBN worked example: First Bank 011, serial 000001457 has check digit 9', () => {
  expect(nubanCheckDigit('011', '000001457')).toBe(9);
  expect(isValidNuban('011', '0000014579')).toBe(true);
});

test('every other last digit of the CBN example is rejected', () => {
  for (let digit = 0; digit <= 9; digit += 1) {
    expect(isValidNuban('011', `000001457${digit}`)).toBe(digit === 9);
  }
});

test('a sum that is a multiple of ten gives check digit 0, not 10', () => {
  // Find a GTBank (058) serial whose weighted sum is a multiple of ten, by the CBN weights.
  let found = false;
  for (let n = 0; n < 100 && !found; n += 1) {
    const candidate = String(n).padStart(9, '0');
    const digits = `000058${candidate}`;
    const weights = [3, 7, 3] as const;
    const sum = Array.from(digits, Number).reduce(
      (acc, d, i) => acc + d * (weights[i % 3] ?? 0),
      0,
    );
    if (sum % 10 === 0) {
      expect(nubanCheckDigit('058', candidate)).toBe(0);
      found = true;
    }
  }
  expect(found).toBe(true);
});

test('a 3-digit code and its 6-digit padded form (2020 revision) give the same digit', () => {
  expect(nubanCheckDigit('000011', '000001457')).toBe(nubanCheckDigit('011', '000001457'));
});

test('the same serial at two banks usually has different check digits', () => {
  expect(nubanCheckDigit('044', '012345678')).not.toBe(nubanCheckDigit('058', '012345678'));
});

test('malformed account numbers are invalid, never an exception', () => {
  expect(isValidNuban('011', '000001457')).toBe(false);
  expect(isValidNuban('011', '00000145790')).toBe(false);
  expect(isValidNuban('011', '00000a4579')).toBe(false);
  expect(isValidNuban('01', '0000014579')).toBe(false);
  expect(isValidNuban('', '')).toBe(false);
});

test('check-digit arguments of the wrong shape throw a RangeError', () => {
  expect(() => nubanCheckDigit('11', '000001457')).toThrow(RangeError);
  expect(() => nubanCheckDigit('011', '1457')).toThrow(RangeError);
});
