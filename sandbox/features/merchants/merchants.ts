/**
 * Merchants as the hosted pages show them (contract/common.ts `hostedMerchantSchema`).
 */
import { z } from 'zod';
import type { HostedMerchant } from '../../../contract/common';
import { queryOne, type Db } from '../../db/database';

const merchantRowSchema = z.object({
  name: z.string(),
  logo_url: z.string().nullable(),
  brand_color: z.string().nullable(),
  support_email: z.string().nullable(),
});

/** The merchant `merchantId` for a hosted page. @throws Error when it does not exist (a bug). */
export function getHostedMerchant(db: Db, merchantId: string): HostedMerchant {
  const row = queryOne(
    db,
    'SELECT name, logo_url, brand_color, support_email FROM merchants WHERE id = ?',
    [merchantId],
    merchantRowSchema,
  );
  if (row === null) throw new Error(`Merchant ${merchantId} is missing`);
  return {
    name: row.name,
    logoUrl: row.logo_url,
    brandColor: row.brand_color,
    supportEmail: row.support_email,
  };
}
