/**
 * Private customer setup links (service-api.md, "Hosted customer setup"; product.md, "Links and
 * tokens"; docs/decisions/0003-capability-tokens.md).
 *
 * One current link per subscription. Its token is derived from the link id and version with the
 * link secret, so `POST …/direct-debit` can return the same link again; the database keeps only
 * `sha256(token)`. A link expires {@link setupLinkLifetimeMs} after creation; asking for the link
 * after that issues a new one (new id) and the old token answers 410 SETUP_LINK_EXPIRED. The
 * merchant can revoke the current link in either mode ({@link revokeSetupLink}); its token then
 * answers 410 SETUP_LINK_REVOKED and asking for the link issues a new one.
 */
import { z } from 'zod';
import type { Mode } from '../../../contract/common';
import { errorCodes } from '../../../contract/errors';
import { ApiError } from '../../core/api-error';
import { deriveCapabilityToken, hashCapabilityToken } from '../../core/capability-tokens';
import { randomId } from '../../core/crypto';
import type { SetupLinkCaller } from '../../core/handler';
import { execute, queryOne, type Db } from '../../db/database';
import { hostedLink } from '../../../contract/hosted-links';

/** How long a setup link works, in milliseconds (30 days). */
export const setupLinkLifetimeMs = 30 * 24 * 60 * 60 * 1000;

const linkRowSchema = z.object({
  id: z.string(),
  merchant_id: z.string(),
  mode: z.enum(['test', 'live']),
  subscription_id: z.string(),
  version: z.number().int(),
  created_at: z.string(),
  expires_at: z.string(),
  replaced_at: z.string().nullable(),
});
export type SetupLinkRow = z.infer<typeof linkRowSchema>;

/**
 * The subscription's current, unexpired setup link, creating it when there is none (or the last
 * one expired). `created` says which.
 */
export function getOrCreateSetupLink(
  db: Db,
  input: { merchantId: string; mode: Mode; subscriptionId: string; linkSecret: Buffer; now: Date },
): { link: SetupLinkRow; created: boolean } {
  const now = input.now.toISOString();
  const current = queryOne(
    db,
    'SELECT * FROM setup_links WHERE subscription_id = ? AND replaced_at IS NULL',
    [input.subscriptionId],
    linkRowSchema,
  );
  if (current !== null && current.expires_at > now) return { link: current, created: false };
  if (current !== null) {
    execute(db, 'UPDATE setup_links SET replaced_at = ? WHERE id = ?', [now, current.id]);
  }
  const id = randomId('ddl_');
  const version = 1;
  const link: SetupLinkRow = {
    id,
    merchant_id: input.merchantId,
    mode: input.mode,
    subscription_id: input.subscriptionId,
    version,
    created_at: now,
    expires_at: new Date(input.now.getTime() + setupLinkLifetimeMs).toISOString(),
    replaced_at: null,
  };
  execute(
    db,
    `INSERT INTO setup_links (id, merchant_id, mode, subscription_id, version, token_hash,
       created_at, expires_at, replaced_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL)`,
    [
      link.id,
      link.merchant_id,
      link.mode,
      link.subscription_id,
      link.version,
      hashCapabilityToken(deriveCapabilityToken(input.linkSecret, id, version)),
      link.created_at,
      link.expires_at,
    ],
  );
  return { link, created: true };
}

/**
 * Revokes the subscription's current setup link at `now`: its token stops working at once (410
 * SETUP_LINK_REVOKED) and the next `POST …/direct-debit` issues a new link. Mandates are not
 * touched. Returns whether there was a current link to revoke.
 */
export function revokeSetupLink(db: Db, subscriptionId: string, now: Date): boolean {
  return (
    execute(
      db,
      'UPDATE setup_links SET replaced_at = ? WHERE subscription_id = ? AND replaced_at IS NULL',
      [now.toISOString(), subscriptionId],
    ) > 0
  );
}

/** `<origin>/direct-debit/setup#token=<token>`: the token rides in the fragment, never the query. */
export function setupUrl(publicOrigin: string, token: string): string {
  return hostedLink(publicOrigin, { kind: 'directDebitSetup' }, token);
}

// 32 bytes in base64url without padding.
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

/**
 * The setup link behind the `x-direct-debit-token` header value. Its expiry is judged by
 * `nowOf(link mode)`: the clock of the link's mode (docs/decisions/0004-time-and-due-work.md).
 * @throws ApiError 401 INVALID_SETUP_LINK when missing, malformed or unknown; 410
 *   SETUP_LINK_REVOKED when the merchant revoked it; 410 SETUP_LINK_EXPIRED when the link has
 *   expired (or was replaced after expiring).
 */
export function authenticateSetupToken(
  db: Db,
  token: string | null,
  nowOf: (mode: Mode) => Date,
): SetupLinkCaller {
  if (token === null || !tokenPattern.test(token)) throw invalidSetupLink();
  const row = queryOne(
    db,
    'SELECT * FROM setup_links WHERE token_hash = ?',
    [hashCapabilityToken(token)],
    linkRowSchema,
  );
  if (row === null) throw invalidSetupLink();
  // Replaced before its expiry means revoked; replaced after it, the link had simply expired.
  if (row.replaced_at !== null && row.replaced_at < row.expires_at) {
    throw new ApiError(
      410,
      'This setup link was revoked by the business. Ask the merchant for a new link.',
      { code: errorCodes.setupLinkRevoked },
    );
  }
  if (row.expires_at <= nowOf(row.mode).toISOString()) {
    throw new ApiError(410, 'This setup link has expired. Ask the merchant for a new link.', {
      code: errorCodes.setupLinkExpired,
    });
  }
  return {
    linkId: row.id,
    merchantId: row.merchant_id,
    mode: row.mode,
    subscriptionId: row.subscription_id,
    expiresAt: row.expires_at,
  };
}

function invalidSetupLink(): ApiError {
  return new ApiError(401, 'This setup link is not valid', { code: errorCodes.invalidSetupLink });
}
