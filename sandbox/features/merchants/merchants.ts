/**
 * Merchants as the hosted pages show them (contract/common.ts `hostedMerchantSchema`).
 */
import { z } from 'zod';
import type { HostedMerchant } from '../../../contract/common';
import { logoContentTypeSchema } from '../../../contract/branding';
import { queryOne, type Db } from '../../db/database';
import { logoOf } from './branding';

const merchantRowSchema = z.object({
  name: z.string(),
  logo_url: z.string().nullable(),
  logo_content_type: logoContentTypeSchema.nullable(),
  logo_base64: z.string().nullable(),
  logo_sha256: z.string().nullable(),
  brand_color: z.string().nullable(),
  support_email: z.string().nullable(),
});

/**
 * The merchant `merchantId` for a hosted page, with its branding (features/merchants/branding.ts).
 * An uploaded logo's `logoUrl` is a path on the pages' own origin (`/sandbox/v1/logos/…`).
 * @throws Error when it does not exist (a bug).
 */
export function getHostedMerchant(db: Db, merchantId: string): HostedMerchant {
  const row = queryOne(
    db,
    `SELECT name, logo_url, logo_content_type, logo_base64, logo_sha256, brand_color, support_email
       FROM merchants WHERE id = ?`,
    [merchantId],
    merchantRowSchema,
  );
  if (row === null) throw new Error(`Merchant ${merchantId} is missing`);
  return {
    name: row.name,
    logoUrl: logoOf(row, '')?.url ?? null,
    brandColor: row.brand_color,
    supportEmail: row.support_email,
  };
}
