/**
 * The console's sign-in: a merchant secret key (service-api.md, "Authentication": `osk_test_…` for
 * test mode, `osk_live_…` for live) typed once and kept for the tab in `sessionStorage`, never in
 * the URL and never in `localStorage`, so it goes when the tab closes
 * (docs/decisions/0019-sandbox-console.md). The key's prefix says its mode; what it may do (its
 * scopes) only the service knows, so the console simply asks and shows the service's answer.
 */
import { z } from 'zod';
import type { Mode } from '../../../contract/common';

/** The `sessionStorage` entry that holds the key for this tab. */
export const secretKeyStorageKey = 'console.secretKey';

/** A secret key as typed: trimmed, `osk_test_` or `osk_live_` and at least 8 more characters. */
export const secretKeySchema = z
  .string()
  .trim()
  .regex(/^osk_(test|live)_[A-Za-z0-9_-]{8,}$/, {
    error: 'Enter a secret key: it starts with osk_test_ or osk_live_',
  });

/** Who the console acts as: the secret key and the mode its prefix names. */
export interface ConsoleSession {
  secretKey: string;
  mode: Mode;
}

/** The session of a well-formed `secretKey`, or null when it is not one. */
export function sessionOfKey(secretKey: string): ConsoleSession | null {
  const parsed = secretKeySchema.safeParse(secretKey);
  if (!parsed.success) return null;
  return { secretKey: parsed.data, mode: parsed.data.startsWith('osk_live_') ? 'live' : 'test' };
}

/** The session kept for this tab, or null (none, or storage unavailable). */
export function readStoredSession(storage: Storage = window.sessionStorage): ConsoleSession | null {
  try {
    const stored = storage.getItem(secretKeyStorageKey);
    return stored === null ? null : sessionOfKey(stored);
  } catch {
    return null;
  }
}

/** Keeps `session` for this tab only. A storage failure only means the next reload asks again. */
export function storeSession(session: ConsoleSession, storage: Storage = window.sessionStorage) {
  try {
    storage.setItem(secretKeyStorageKey, session.secretKey);
  } catch {
    // Private modes may refuse storage: the session still lives in memory until reload.
  }
}

/** Forgets the key of this tab (sign out). */
export function clearStoredSession(storage: Storage = window.sessionStorage) {
  try {
    storage.removeItem(secretKeyStorageKey);
  } catch {
    // Nothing stored, nothing to forget.
  }
}
