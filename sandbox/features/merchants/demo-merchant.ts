/**
 * The demo merchant every sandbox starts with, and its credentials file.
 *
 * Secret keys are stored only as hashes, so the one place a developer can read them again is
 * `<data dir>/credentials.json` (mode 0600), written when the merchant is created and kept after:
 * only `baseUrl` is rewritten when the sandbox starts on another origin.
 */
import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { randomId } from '../../core/crypto';
import { atomically, execute, queryOne, type Db } from '../../db/database';
import { sha256Hex } from '../../core/crypto';
import type { Mode } from '../../../contract/common';
import {
  defaultScopes,
  isCurrentSecretKey,
  issueSecretKey,
  newPublicKey,
  newWebhookSecret,
  revokeSecretKeys,
} from './api-keys';

// Row schemas built once: building a zod object costs far more than parsing with it.
const settingRowSchema = z.object({ value: z.string() });

/** Contents of `credentials.json`; all keys in full. */
export const demoCredentialsSchema = z.object({
  /** Where the sandbox listens, e.g. `http://127.0.0.1:4010`. */
  baseUrl: z.string(),
  merchantId: z.string(),
  merchantName: z.string(),
  /** `osk_test_…` */
  testSecretKey: z.string().startsWith('osk_test_'),
  /** `osk_live_…` (the sandbox's simulated live mode) */
  liveSecretKey: z.string().startsWith('osk_live_'),
  /** `opk_test_…` */
  testPublicKey: z.string().startsWith('opk_test_'),
  /** `opk_live_…` */
  livePublicKey: z.string().startsWith('opk_live_'),
  /** `whsec_…`: key of the webhook signatures. */
  webhookSecret: z.string().startsWith('whsec_'),
});
export type DemoCredentials = z.infer<typeof demoCredentialsSchema>;

/** The demo merchant's profile. */
export const demoMerchantProfile = {
  name: 'Adaeze Fitness',
  brandColor: '#0B5CAD',
  supportEmail: 'support@adaeze-fitness.example',
} as const;

/** File name of the credentials inside the data directory. */
export const credentialsFileName = 'credentials.json';

const demoMerchantSetting = 'demo_merchant_id';

/**
 * Credentials fixed from outside (a CI job's environment, sandbox/main.ts): each given one is the
 * demo merchant's from this start on. Formats: `osk_test_…`, `osk_live_…`, `whsec_…`, each
 * followed by 16 to 200 letters or digits ({@link pinnedCredentialPatterns}).
 */
export interface PinnedCredentials {
  testSecretKey?: string;
  liveSecretKey?: string;
  webhookSecret?: string;
}

/** The accepted form of each pinned credential (the Bearer pattern's alphabet, ≥ 16 characters). */
export const pinnedCredentialPatterns = {
  testSecretKey: /^osk_test_[A-Za-z0-9]{16,200}$/,
  liveSecretKey: /^osk_live_[A-Za-z0-9]{16,200}$/,
  webhookSecret: /^whsec_[A-Za-z0-9]{16,200}$/,
} as const satisfies Record<keyof PinnedCredentials, RegExp>;

const keyOwnerSchema = z.object({ merchant_id: z.string(), mode: z.string() });

/**
 * Makes `secretKey` a current key of `merchantId` in `mode` with the default scopes: nothing when
 * it already is; otherwise `previous` (the demo key it replaces) is revoked and the key issued, or
 * re-activated when it was revoked before.
 * @throws Error when the key belongs to another merchant or mode.
 */
function pinSecretKey(
  db: Db,
  input: { merchantId: string; mode: Mode; secretKey: string; previous?: string; now: Date },
): string {
  const { merchantId, mode, secretKey, now } = input;
  if (isCurrentSecretKey(db, merchantId, secretKey)) return secretKey;
  if (input.previous !== undefined && input.previous !== secretKey) {
    execute(
      db,
      'UPDATE api_keys SET revoked_at = ? WHERE key_hash = ? AND merchant_id = ? AND revoked_at IS NULL',
      [now.toISOString(), sha256Hex(input.previous), merchantId],
    );
  }
  const owner = queryOne(
    db,
    'SELECT merchant_id, mode FROM api_keys WHERE key_hash = ?',
    [sha256Hex(secretKey)],
    keyOwnerSchema,
  );
  if (owner === null) return issueSecretKey(db, { merchantId, mode, now, secretKey }).secretKey;
  if (owner.merchant_id !== merchantId || owner.mode !== mode) {
    throw new Error(`The pinned ${mode} secret key is already a key of another merchant or mode`);
  }
  execute(db, 'UPDATE api_keys SET revoked_at = NULL, scopes = ? WHERE key_hash = ?', [
    JSON.stringify(defaultScopes),
    sha256Hex(secretKey),
  ]);
  return secretKey;
}

const merchantKeysSchema = z.object({
  id: z.string(),
  name: z.string(),
  test_public_key: z.string(),
  live_public_key: z.string(),
  webhook_secret: z.string(),
});

/** Writes `credentials` to `<dataDir>/credentials.json`, readable by the owner only. */
function writeCredentialsFile(dataDir: string, credentials: DemoCredentials): void {
  const path = join(dataDir, credentialsFileName);
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  // Rename is atomic: a reader never sees half a file.
  renameSync(temporary, path);
}

/** The credentials in `<dataDir>/credentials.json`, or null when absent or unreadable. */
export function readCredentialsFile(dataDir: string): DemoCredentials | null {
  const path = join(dataDir, credentialsFileName);
  if (!existsSync(path)) return null;
  try {
    return demoCredentialsSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  } catch {
    return null;
  }
}

/**
 * Makes sure the demo merchant ("Adaeze Fitness") exists and returns its credentials.
 *
 * - No demo merchant yet: creates it with test and live secret keys (scopes
 *   `subscriptions:read` and `subscriptions:write`), public keys and a webhook secret, and writes
 *   `<dataDir>/credentials.json` when `dataDir` is given.
 * - Demo merchant exists and the file holds its current keys: returns them, rewriting `baseUrl`
 *   when `publicOrigin` changed.
 * - Demo merchant exists but its secret keys are not known (in-memory database called twice,
 *   file deleted or edited): revokes the old secret keys and issues new ones (public keys and
 *   webhook secret are kept), then writes the file.
 *
 * - `pinned` credentials (CI, {@link PinnedCredentials}) replace the demo merchant's: a pinned
 *   secret key becomes current (the demo key it replaces is revoked; keys from `create-key` stay),
 *   a pinned webhook secret replaces the merchant's.
 *
 * @param publicOrigin origin the sandbox serves, e.g. `http://127.0.0.1:4010`
 * @throws Error when the file cannot be written.
 */
export function ensureDemoMerchant(
  db: Db,
  options: { publicOrigin: string; dataDir?: string; now: Date; pinned?: PinnedCredentials },
): DemoCredentials {
  const { publicOrigin, dataDir, now } = options;
  const pinned = options.pinned ?? {};
  /** The demo key of `mode`: the pinned one (replacing `previous`), else a new random one. */
  const demoKey = (merchantId: string, mode: Mode, previous?: string): string => {
    const secretKey = mode === 'test' ? pinned.testSecretKey : pinned.liveSecretKey;
    return secretKey === undefined
      ? issueSecretKey(db, { merchantId, mode, now }).secretKey
      : pinSecretKey(db, { merchantId, mode, secretKey, previous, now });
  };
  const credentials = atomically(db, () => {
    const setting = queryOne(
      db,
      'SELECT value FROM sandbox_settings WHERE key = ?',
      [demoMerchantSetting],
      settingRowSchema,
    );
    const merchant =
      setting === null
        ? null
        : queryOne(
            db,
            'SELECT id, name, test_public_key, live_public_key, webhook_secret FROM merchants WHERE id = ?',
            [setting.value],
            merchantKeysSchema,
          );

    if (merchant === null) {
      const merchantId = randomId('mer_');
      const created = {
        testPublicKey: newPublicKey('test'),
        livePublicKey: newPublicKey('live'),
        webhookSecret: pinned.webhookSecret ?? newWebhookSecret(),
      };
      execute(
        db,
        `INSERT INTO merchants (id, name, brand_color, logo_url, support_email, test_public_key,
           live_public_key, webhook_secret, created_at)
         VALUES (?, ?, ?, NULL, ?, ?, ?, ?, ?)`,
        [
          merchantId,
          demoMerchantProfile.name,
          demoMerchantProfile.brandColor,
          demoMerchantProfile.supportEmail,
          created.testPublicKey,
          created.livePublicKey,
          created.webhookSecret,
          now.toISOString(),
        ],
      );
      execute(
        db,
        `INSERT INTO sandbox_settings (key, value) VALUES (?, ?)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
        [demoMerchantSetting, merchantId],
      );
      return {
        baseUrl: publicOrigin,
        merchantId,
        merchantName: demoMerchantProfile.name,
        testSecretKey: demoKey(merchantId, 'test'),
        liveSecretKey: demoKey(merchantId, 'live'),
        ...created,
      };
    }

    if (pinned.webhookSecret !== undefined && pinned.webhookSecret !== merchant.webhook_secret) {
      execute(db, 'UPDATE merchants SET webhook_secret = ? WHERE id = ?', [
        pinned.webhookSecret,
        merchant.id,
      ]);
      merchant.webhook_secret = pinned.webhookSecret;
    }

    const fromFile = dataDir === undefined ? null : readCredentialsFile(dataDir);
    if (
      fromFile !== null &&
      fromFile.merchantId === merchant.id &&
      isCurrentSecretKey(db, merchant.id, fromFile.testSecretKey) &&
      isCurrentSecretKey(db, merchant.id, fromFile.liveSecretKey)
    ) {
      return {
        ...fromFile,
        baseUrl: publicOrigin,
        webhookSecret: merchant.webhook_secret,
        testSecretKey:
          pinned.testSecretKey === undefined
            ? fromFile.testSecretKey
            : demoKey(merchant.id, 'test', fromFile.testSecretKey),
        liveSecretKey:
          pinned.liveSecretKey === undefined
            ? fromFile.liveSecretKey
            : demoKey(merchant.id, 'live', fromFile.liveSecretKey),
      };
    }

    revokeSecretKeys(db, merchant.id, now);
    return {
      baseUrl: publicOrigin,
      merchantId: merchant.id,
      merchantName: merchant.name,
      testSecretKey: demoKey(merchant.id, 'test'),
      liveSecretKey: demoKey(merchant.id, 'live'),
      testPublicKey: merchant.test_public_key,
      livePublicKey: merchant.live_public_key,
      webhookSecret: merchant.webhook_secret,
    };
  });

  if (dataDir !== undefined) {
    const onDisk = readCredentialsFile(dataDir);
    if (onDisk === null || JSON.stringify(onDisk) !== JSON.stringify(credentials)) {
      writeCredentialsFile(dataDir, credentials);
    }
  }
  return credentials;
}
