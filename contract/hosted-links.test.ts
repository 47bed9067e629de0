import { expect, test } from 'vitest';
import { hostedLink, parseHostedLink, tokenFromFragment, type HostedPage } from './hosted-links';

const origin = 'https://pay.example';
const token = 'a'.repeat(43);

test.each<[HostedPage, string]>([
  [{ kind: 'directDebitSetup' }, `${origin}/direct-debit/setup#token=${token}`],
  [{ kind: 'checkout', paymentId: 'osp_1' }, `${origin}/checkout/osp_1#token=${token}`],
  [{ kind: 'invoice', invoiceId: 'inv_1' }, `${origin}/invoices/inv_1#token=${token}`],
])('a link to %o carries its token in the fragment, never the query', (page, expected) => {
  const link = hostedLink(origin, page, token);
  expect(link).toBe(expected);
  expect(parseHostedLink(link)).toMatchObject({ page, token });
});

test('a relative link is read against its base', () => {
  expect(parseHostedLink(`/checkout/osp_9#token=${token}`, origin)).toMatchObject({
    page: { kind: 'checkout', paymentId: 'osp_9' },
    token,
  });
});

test('a link without a token is still a hosted page, with no token', () => {
  expect(parseHostedLink(`${origin}/invoices/inv_2`)?.token).toBeNull();
});

test.each([
  `${origin}/checkout/osp_1/extra#token=${token}`,
  `${origin}/checkout/#token=${token}`,
  `${origin}/payments/osp_1#token=${token}`,
  'not a url',
])('%s is not a hosted link', (href) => {
  expect(parseHostedLink(href)).toBeNull();
});

test('the fragment token is read with or without its "#", and is null when absent', () => {
  expect(tokenFromFragment(`#token=${token}`)).toBe(token);
  expect(tokenFromFragment(`token=${token}&x=1`)).toBe(token);
  expect(tokenFromFragment('')).toBeNull();
  expect(tokenFromFragment('#other=1')).toBeNull();
});

test('a token keeps none of the punctuation that a mail or chat app appends to a link', () => {
  for (const tail of [
    '.',
    ',',
    ')',
    ').',
    '),',
    ']',
    '>',
    '!',
    '?',
    ';',
    ':',
    '"',
    "'",
    '%29',
    '.%20',
  ]) {
    expect(tokenFromFragment(`#token=${token}${tail}`)).toBe(token);
  }
  // Characters a base64url token may hold stay, wherever they are.
  expect(tokenFromFragment('#token=abc-_')).toBe('abc-_');
  expect(tokenFromFragment('#token=a.b')).toBe('a.b');
});
