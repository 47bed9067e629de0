import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { migrations } from './migrations';

/**
 * SHA-256 of each shipped migration's SQL, as data directories applied it. A migration's text may
 * be written through helpers (sandbox/db/migrations.ts), but what it runs never changes: an
 * existing data directory must migrate to the same schema as a new one.
 */
const shippedSql: Record<number, string> = {
  1: 'b8328b357b9d2a7ab3630ca24274f6796e0f42716aff2c83325187fd5286d664',
  2: 'c6721f14fd68b11328a1c0a15cdc2049864b38dbd122f745d384c33439dfdbc9',
  3: 'a98af6d90a8754c52983b73f618b1318898668d73097b5d0d1ea7ddae7a98265',
  4: 'e5110f4ea5410661ab476babc009513690ee6beab99fd0bc352fc1694fe653c6',
  5: '07dc3bc10a52454805ca9bb825f93fddc25dbad34f38e5b64d9c480466c9e798',
  11: '8f721c349b0d9d9f597da616ccbdac751e1c51f9ffb5b49de2c8d4d7a0624cb3',
  15: '1b56c95c87d1bb7ab4fc9909c4a14fb0ca76d492025f2330edd452d56ffee150',
  16: '777ac2c8659fb4f159f8ea36740777e7d538ab2fa9bd8e00edffc8a7bdac5687',
  17: 'be85f5ef3420bb95b169711c19b8c4b9c1dd0af896faaf68c639c8e68e1e0636',
  18: 'f5c36169e44fd746cfd11e1fead191e81369a1d2659b29a33b9ecf19b9505de8',
  19: 'd7123e0545bc9bb0f8e73cb6a39d5d578aa17e36db02c27f047f073be9b34b6f',
  20: '2002b1ca76e94992cbe9a7a6c22289ef42f809f2639188b08438d2eb3c43f027',
  21: '5770ddb97272bcb1080e701c83636d8b7fba13ff1e3e214ac2f67afbe814411e',
};

describe('migrations', () => {
  it('runs exactly the SQL every shipped migration ran', () => {
    for (const migration of migrations) {
      const expected = shippedSql[migration.version];
      if (expected === undefined) continue; // added after this list: pin it here once shipped
      const actual = createHash('sha256').update(migration.sql).digest('hex');
      expect({ version: migration.version, sha256: actual }).toEqual({
        version: migration.version,
        sha256: expected,
      });
    }
  });
});
