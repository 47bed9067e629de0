/**
 * Secret keys with limited scopes (service-api.md, "Authentication", rule 4: subscription reads
 * need `subscriptions:read`, writes `subscriptions:write`). The demo merchant's keys carry both;
 * a developer or a test that wants to see the 403 INSUFFICIENT_SCOPE answer issues a key with
 * fewer: `npm run sandbox -- create-key --mode test --scopes subscriptions:read`, or
 * `createTestSandbox().issueKey({ scopes: [...] })` in tests.
 */
import type { Mode } from '../../../contract/common';
import { scopes, type Scope } from '../../../contract/route';
import type { Db } from '../../db/database';
import { issueSecretKey } from './api-keys';

/** Every scope a key can be issued with. */
export const knownScopes: readonly Scope[] = scopes;

function isScope(text: string): text is Scope {
  return (knownScopes as readonly string[]).includes(text);
}

/**
 * The scopes of a comma-separated list such as `subscriptions:read,subscriptions:write`; spaces
 * are ignored, duplicates dropped, and an empty list (or `none`) gives a key without any scope.
 * @throws Error naming the unknown scope and the known ones.
 */
export function parseScopeList(text: string): Scope[] {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === 'none') return [];
  const scopes: Scope[] = [];
  for (const part of trimmed.split(',')) {
    const scope = part.trim();
    if (!isScope(scope)) {
      throw new Error(`Unknown scope "${scope}"; known scopes: ${knownScopes.join(', ')}`);
    }
    if (!scopes.includes(scope)) scopes.push(scope);
  }
  return scopes;
}

/**
 * Issues a new secret key `osk_<mode>_…` for `merchantId` with exactly `scopes` and returns it
 * (shown once; only its SHA-256 is stored). Other keys are untouched.
 */
export function issueScopedKey(
  db: Db,
  input: { merchantId: string; mode: Mode; scopes: readonly Scope[]; now: Date },
): { keyId: string; secretKey: string; mode: Mode; scopes: readonly Scope[] } {
  const { keyId, secretKey } = issueSecretKey(db, input);
  return { keyId, secretKey, mode: input.mode, scopes: input.scopes };
}
