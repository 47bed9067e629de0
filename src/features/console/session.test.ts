import { beforeEach, expect, test } from 'vitest';
import {
  clearStoredSession,
  readStoredSession,
  secretKeyStorageKey,
  sessionOfKey,
  storeSession,
} from './session';

beforeEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
});

test.each([
  ['osk_test_abcdefgh12', 'test'],
  ['  osk_live_abcdefgh12  ', 'live'],
] as const)('a secret key %j signs in to %s mode', (key, mode) => {
  expect(sessionOfKey(key)).toEqual({ secretKey: key.trim(), mode });
});

test.each(['', 'opk_test_abcdefgh12', 'osk_test_', 'osk_prod_abcdefgh12', 'osk_test_abc def gh'])(
  '%j is not a secret key',
  (key) => {
    expect(sessionOfKey(key)).toBeNull();
  },
);

test('the key is kept for the tab in sessionStorage only, and sign-out forgets it', () => {
  const session = sessionOfKey('osk_test_abcdefgh12');
  if (session === null) throw new Error('expected a session');
  storeSession(session);
  expect(window.sessionStorage.getItem(secretKeyStorageKey)).toBe('osk_test_abcdefgh12');
  expect(window.localStorage.length).toBe(0);
  expect(readStoredSession()).toEqual(session);
  clearStoredSession();
  expect(readStoredSession()).toBeNull();
});
