/**
 * The key of every capability token (docs/decisions/0003-capability-tokens.md). It lives in
 * `<data dir>/link-secret` (32 random bytes, base64url, mode 0600), never in the database, so a
 * copy of the database alone cannot produce working links.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomSecret } from './crypto';

/** File name of the link secret inside the data directory. */
export const linkSecretFileName = 'link-secret';

/**
 * The link secret: `explicit` (as UTF-8 bytes) when given; else read from, or created in,
 * `<dataDir>/link-secret`; else (in-memory sandbox) 32 fresh random bytes.
 * @throws Error when the file exists but holds fewer than 32 bytes.
 */
export function loadLinkSecret(options: { dataDir?: string; explicit?: string }): Buffer {
  if (options.explicit !== undefined) {
    if (options.explicit.length < 16) throw new Error('linkSecret must be at least 16 characters');
    return Buffer.from(options.explicit, 'utf8');
  }
  if (options.dataDir === undefined) return randomSecret(32);
  const path = join(options.dataDir, linkSecretFileName);
  if (!existsSync(path)) {
    mkdirSync(options.dataDir, { recursive: true });
    // `wx`: never overwrite a secret another process has just written.
    try {
      writeFileSync(path, `${randomSecret(32).toString('base64url')}\n`, {
        mode: 0o600,
        flag: 'wx',
      });
      chmodSync(path, 0o600);
    } catch (error) {
      if (!existsSync(path)) throw error;
    }
  }
  const secret = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64url');
  if (secret.byteLength < 32) throw new Error(`${path} must hold at least 32 bytes (base64url)`);
  return secret;
}
