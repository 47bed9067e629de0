import { beforeEach, expect, test } from 'vitest';
import {
  forgetCapabilityToken,
  isPlausibleToken,
  peekCapabilityToken,
  readCapabilityToken,
  type TokenEnvironment,
} from './capability-token';

const token = 'q3Jf0aZ9-b_Xk2LmNpQrStUvWxYz0123456789ABCDE'; // 43 chars, 256-bit base64url
const newer = 'newerTokenAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

const checkoutA = { kind: 'checkout', id: 'osp_A' } as const;
const checkoutB = { kind: 'checkout', id: 'osp_B' } as const;

beforeEach(() => {
  forgetCapabilityToken('directDebitSetup');
  forgetCapabilityToken(checkoutA);
  forgetCapabilityToken(checkoutB);
  forgetCapabilityToken({ kind: 'invoice', id: 'inv_A' });
  window.history.replaceState(null, '', '/');
});

function visit(url: string) {
  window.history.replaceState(null, '', url);
}

test('reads the token from the fragment, keeps it for the tab and strips it from the address bar', () => {
  visit(`/direct-debit/setup?lang=en#token=${token}`);
  expect(readCapabilityToken('directDebitSetup')).toEqual({ kind: 'token', token });
  expect(window.sessionStorage.getItem('dd-token')).toBe(token);
  expect(window.location.hash).toBe('');
  expect(window.location.pathname).toBe('/direct-debit/setup');
  expect(window.location.search).toBe('?lang=en');
});

test('a link that a mail app ended with "." or ")" still opens: the punctuation is not the token', () => {
  visit(`/direct-debit/setup#token=${token}).`);
  expect(peekCapabilityToken('directDebitSetup')).toBe(token);
  expect(readCapabilityToken('directDebitSetup')).toEqual({ kind: 'token', token });
  expect(window.sessionStorage.getItem('dd-token')).toBe(token);
  visit(`/checkout/osp_A#token=${token},`);
  expect(readCapabilityToken(checkoutA)).toEqual({ kind: 'token', token });
});

test('never reads a token from the query string', () => {
  visit(`/direct-debit/setup?token=${token}`);
  expect(readCapabilityToken('directDebitSetup')).toEqual({ kind: 'missing' });
  expect(window.sessionStorage.getItem('dd-token')).toBeNull();
});

test('after a reload (no fragment) the token kept in sessionStorage is used', () => {
  window.sessionStorage.setItem('dd-token', token);
  visit('/direct-debit/setup');
  expect(readCapabilityToken('directDebitSetup')).toEqual({ kind: 'token', token });
});

test('reads the fragment once: a second read uses the kept token', () => {
  visit(`/direct-debit/setup#token=${token}`);
  readCapabilityToken('directDebitSetup');
  expect(readCapabilityToken('directDebitSetup')).toEqual({ kind: 'token', token });
});

test('a newer link in the same tab replaces the kept token', () => {
  visit(`/direct-debit/setup#token=${token}`);
  readCapabilityToken('directDebitSetup');
  visit(`/direct-debit/setup#token=${newer}`);
  expect(readCapabilityToken('directDebitSetup')).toEqual({ kind: 'token', token: newer });
  expect(window.sessionStorage.getItem('dd-token')).toBe(newer);
});

test.each([
  ['too short', 'abc123'],
  ['a character outside base64url', `${token.slice(0, 40)}+/=`],
  ['longer than 128 characters', 'a'.repeat(129)],
])(
  'a fragment token that is %s is malformed, stripped and not replaced by a kept one',
  (_name, bad) => {
    window.sessionStorage.setItem('dd-token', token);
    visit(`/direct-debit/setup#token=${encodeURIComponent(bad)}`);
    expect(readCapabilityToken('directDebitSetup')).toEqual({ kind: 'malformed' });
    expect(window.location.hash).toBe('');
  },
);

test('after a broken newer link, a reload does not fall back to the older link of the tab', () => {
  visit(`/direct-debit/setup#token=${token}`);
  expect(readCapabilityToken('directDebitSetup')).toEqual({ kind: 'token', token });
  // A truncated link from a newer email, opened in the same tab, then a reload.
  visit('/direct-debit/setup#token=truncated');
  expect(readCapabilityToken('directDebitSetup')).toEqual({ kind: 'malformed' });
  visit('/direct-debit/setup');
  expect(readCapabilityToken('directDebitSetup')).toEqual({ kind: 'missing' });
  expect(window.sessionStorage.getItem('dd-token')).toBeNull();
});

test('a malformed fragment read twice on the same page is malformed both times, never missing', () => {
  // React may throw a first render away (a lazy chunk still loading) and read again.
  visit('/direct-debit/setup#token=abc');
  expect(readCapabilityToken('directDebitSetup')).toEqual({ kind: 'malformed' });
  expect(window.location.hash).toBe('');
  expect(readCapabilityToken('directDebitSetup')).toEqual({ kind: 'malformed' });
  // A later good link in the same tab is read as a token again.
  visit(`/direct-debit/setup#token=${token}`);
  expect(readCapabilityToken('directDebitSetup')).toEqual({ kind: 'token', token });
});

test('without a fragment token or a kept one, the token is missing', () => {
  visit('/direct-debit/setup#section');
  expect(readCapabilityToken('directDebitSetup')).toEqual({ kind: 'missing' });
});

test('tokens of different pages are kept apart', () => {
  visit(`/direct-debit/setup#token=${token}`);
  readCapabilityToken('directDebitSetup');
  expect(
    readCapabilityToken(checkoutA, {
      location: { hash: '', pathname: '/checkout/osp_1', search: '' },
      history: window.history,
      storage: window.sessionStorage,
    }),
  ).toEqual({ kind: 'missing' });
});

test('two payments opened in one tab each keep their own token', () => {
  visit(`/checkout/osp_A#token=${token}`);
  expect(readCapabilityToken(checkoutA)).toEqual({ kind: 'token', token });
  visit(`/checkout/osp_B#token=${newer}`);
  expect(readCapabilityToken(checkoutB)).toEqual({ kind: 'token', token: newer });

  // Back to payment A (no fragment, as after the browser's back button): A's own token.
  visit('/checkout/osp_A');
  expect(readCapabilityToken(checkoutA)).toEqual({ kind: 'token', token });
  // A's link turned out to be expired: forgetting it leaves B's token alone.
  forgetCapabilityToken(checkoutA);
  expect(readCapabilityToken(checkoutA)).toEqual({ kind: 'missing' });
  visit('/checkout/osp_B');
  expect(readCapabilityToken(checkoutB)).toEqual({ kind: 'token', token: newer });
  expect(window.sessionStorage.getItem('checkout-token:osp_B')).toBe(newer);
  expect(window.sessionStorage.getItem('checkout-token:osp_A')).toBeNull();
});

test('an invoice and a payment with the same id do not share a token', () => {
  visit(`/invoices/inv_A#token=${token}`);
  readCapabilityToken({ kind: 'invoice', id: 'inv_A' });
  visit('/checkout/inv_A');
  expect(readCapabilityToken({ kind: 'checkout', id: 'inv_A' })).toEqual({ kind: 'missing' });
});

test('a payment page reads its token from the fragment only and strips it from the address bar', () => {
  visit(`/checkout/osp_A?token=${token}`);
  expect(readCapabilityToken(checkoutA)).toEqual({ kind: 'missing' });
  expect(window.sessionStorage.getItem('checkout-token:osp_A')).toBeNull();

  visit(`/checkout/osp_A?lang=en#token=${token}`);
  expect(readCapabilityToken(checkoutA)).toEqual({ kind: 'token', token });
  expect(window.location.hash).toBe('');
  expect(window.location.pathname).toBe('/checkout/osp_A');
  expect(window.location.search).toBe('?lang=en');
});

test('the memory copy serves the page when storage throws', () => {
  const throwing: TokenEnvironment['storage'] = {
    getItem: () => {
      throw new Error('denied');
    },
    setItem: () => {
      throw new Error('denied');
    },
    removeItem: () => {
      throw new Error('denied');
    },
  };
  const env = (hash: string): TokenEnvironment => ({
    location: { hash, pathname: '/direct-debit/setup', search: '' },
    history: window.history,
    storage: throwing,
  });
  expect(readCapabilityToken('directDebitSetup', env(`#token=${token}`))).toEqual({
    kind: 'token',
    token,
  });
  expect(readCapabilityToken('directDebitSetup', env(''))).toEqual({ kind: 'token', token });
});

test('a forgotten token is gone from memory and storage', () => {
  visit(`/direct-debit/setup#token=${token}`);
  readCapabilityToken('directDebitSetup');
  forgetCapabilityToken('directDebitSetup');
  expect(window.sessionStorage.getItem('dd-token')).toBeNull();
  expect(readCapabilityToken('directDebitSetup')).toEqual({ kind: 'missing' });
});

test('plausible tokens are base64url of 32 to 128 characters', () => {
  expect(isPlausibleToken('a'.repeat(32))).toBe(true);
  expect(isPlausibleToken('a'.repeat(31))).toBe(false);
  expect(isPlausibleToken('a'.repeat(128))).toBe(true);
  expect(isPlausibleToken(`${'a'.repeat(40)}.`)).toBe(false);
});

test('peeking gives the token the page will read, and changes nothing', () => {
  visit(`/direct-debit/setup#token=${token}`);
  expect(peekCapabilityToken('directDebitSetup')).toBe(token);
  expect(window.location.hash).toBe(`#token=${token}`);
  expect(window.sessionStorage.getItem('dd-token')).toBeNull();
  expect(readCapabilityToken('directDebitSetup')).toEqual({ kind: 'token', token });

  // Then from what the tab kept; never from the query string, never a malformed one.
  visit('/direct-debit/setup');
  expect(peekCapabilityToken('directDebitSetup')).toBe(token);
  visit(`/direct-debit/setup#token=truncated`);
  expect(peekCapabilityToken('directDebitSetup')).toBeNull();
  expect(window.sessionStorage.getItem('dd-token')).toBe(token);
  expect(peekCapabilityToken(checkoutA)).toBeNull();
  forgetCapabilityToken('directDebitSetup');
  visit(`/direct-debit/setup?token=${token}`);
  expect(peekCapabilityToken('directDebitSetup')).toBeNull();
});
