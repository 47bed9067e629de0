import { expect, test } from 'vitest';
import { koboToNaira, maxNaira, nairaAmountSchema, nairaToKobo } from './money';

test('naira with up to two decimals converts to exact integer kobo', () => {
  expect(nairaToKobo(5000)).toBe(500_000);
  expect(nairaToKobo(0.1 + 0.2)).toBe(30);
  expect(nairaToKobo(19.99)).toBe(1999);
  expect(koboToNaira(1999)).toBe(19.99);
});

test.each([
  ['zero', 0],
  ['negative', -5],
  ['three decimals', 10.005],
  ['NaN', Number.NaN],
  ['infinity', Number.POSITIVE_INFINITY],
  ['above the maximum', maxNaira + 1],
])('rejects %s', (_name, amount) => {
  expect(nairaAmountSchema.safeParse(amount).success).toBe(false);
});

test.each([1e-9, 0.001, 0.0049])(
  'rejects %s naira, which would be 0 kobo, naming one kobo as the least',
  (amount) => {
    const result = nairaAmountSchema.safeParse(amount);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(
      'amount must be at least 0.01 naira (one kobo)',
    );
  },
);

test('rejects amounts sent as strings', () => {
  expect(nairaAmountSchema.safeParse('5000').success).toBe(false);
});

test('accepts kobo precision and the maximum', () => {
  expect(nairaAmountSchema.safeParse(0.01).success).toBe(true);
  expect(nairaAmountSchema.safeParse(1234.5).success).toBe(true);
  expect(nairaAmountSchema.safeParse(maxNaira).success).toBe(true);
});
