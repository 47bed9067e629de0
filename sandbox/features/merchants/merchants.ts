/**
 * Merchants as the hosted pages show them (contract/common.ts `hostedMerchantSchema`).
 */
import type { HostedMerchant } from '../../../contract/common';
import type { Db } from '../../db/database';
import { brandingRow, logoOf } from './branding';

/**
 * The merchant `merchantId` for a hosted page, with its branding (features/merchants/branding.ts).
 * An uploaded logo's `logoUrl` is a path on the pages' own origin (`/sandbox/v1/logos/…`).
 * @throws Error when it does not exist (a bug).
 */
export function getHostedMerchant(db: Db, merchantId: string): HostedMerchant {
  const row = brandingRow(db, merchantId);
  return {
    name: row.name,
    logoUrl: logoOf(row, '')?.url ?? null,
    brandColor: row.brand_color,
    supportEmail: row.support_email,
  };
}
