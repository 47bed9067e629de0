import { expect, test } from 'vitest';
import { transferAmounts } from './transfers';

test.each([
  [5000, { exact: 5000, short: 2500, excess: 5100 }],
  [49.99, { exact: 49.99, short: 24.99, excess: 149.99 }],
  [0.01, { exact: 0.01, short: null, excess: 100.01 }],
  [0, { exact: null, short: null, excess: null }],
])('with ₦%s outstanding the console offers %j', (outstanding, expected) => {
  expect(transferAmounts(outstanding)).toEqual(expected);
});
