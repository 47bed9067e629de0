import { createHmac } from 'node:crypto';
import { expect, test } from 'vitest';
import { deriveCapabilityToken } from './capability-tokens';

const hmac = (secret: Buffer, message: string) =>
  createHmac('sha256', secret).update(message, 'utf8').digest('base64url');

test('a link token is the HMAC of its id and version under its own secret, every time it is asked', () => {
  const first = Buffer.from('first-link-secret-0123456789', 'utf8');
  const second = Buffer.from('second-link-secret-012345678', 'utf8');
  for (let round = 0; round < 2; round += 1) {
    expect(deriveCapabilityToken(first, 'osp_1', 1)).toBe(hmac(first, 'osp_1:1'));
    expect(deriveCapabilityToken(first, 'osp_1', 2)).toBe(hmac(first, 'osp_1:2'));
    // The same link under another secret (another data directory) has another token.
    expect(deriveCapabilityToken(second, 'osp_1', 1)).toBe(hmac(second, 'osp_1:1'));
  }
  // Past the cache's size, tokens are still right.
  for (let index = 0; index < 10_050; index += 1) {
    expect(deriveCapabilityToken(first, `osp_${String(index)}`, 3)).toBe(
      hmac(first, `osp_${String(index)}:3`),
    );
  }
});
