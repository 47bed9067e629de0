import { expect, expectTypeOf, test } from 'vitest';
import { parseReturnUrl, type ReturnUrl } from '../../contract/return-url';
import type { OwnPageAddress } from './own-page-address';
import { redirectTo } from './redirect';

type Target = Parameters<typeof redirectTo>[0];

test('the redirect takes only a ReturnUrl or an address on the page’s own origin', () => {
  expectTypeOf<Target>().toEqualTypeOf<ReturnUrl | OwnPageAddress>();
  expectTypeOf<string>().not.toExtend<Target>();
  // A string straight from a response or the address bar does not compile:
  const leaveFor = (raw: string) =>
    // @ts-expect-error a plain string is not a ReturnUrl
    redirectTo(raw);
  expect(typeof leaveFor).toBe('function');
});

test('the forged NUL address never becomes something the redirect accepts', () => {
  const forged = parseReturnUrl('https://evil.com\u0000@good-merchant.com/orders/42');
  expect(forged.ok).toBe(false);
});
