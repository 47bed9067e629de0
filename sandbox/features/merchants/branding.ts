/**
 * The merchant's branding settings (contract/branding.ts, contract/routes-branding.ts;
 * docs/decisions/0022-merchant-branding.md): display name, brand colour and logo, read with a test
 * or live key and changed with a live one, and the uploaded logos served by the sandbox itself.
 *
 * An update is checked completely before anything is written, and written in one transaction
 * (composition/pipeline.ts), so a refused update changes nothing. A logo given by URL is fetched
 * once, when it is set (remote-logo.ts), checked as an upload is, and served from the sandbox's
 * origin like one.
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  logoContentTypeSchema,
  uploadedLogoPath,
  type Branding,
  type BrandingLogo,
  type BrandingUpdate,
} from '../../../contract/branding';
import { errorCodes } from '../../../contract/errors';
import { ApiError } from '../../core/api-error';
import type { HandlerContext, HandlerRegistry, HandlerResult } from '../../core/handler';
import { atomically, execute, queryOne, type Db } from '../../db/database';
import { checkLogo, LogoRefused } from './logo-files';
import type { LogoFetcher } from '../../core/logo-fetcher';

const brandingRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  brand_color: z.string().nullable(),
  logo_url: z.string().nullable(),
  logo_content_type: logoContentTypeSchema.nullable(),
  logo_base64: z.string().nullable(),
  logo_sha256: z.string().nullable(),
  support_email: z.string().nullable(),
});
type BrandingRow = z.infer<typeof brandingRowSchema>;

/**
 * The merchant `merchantId`'s row: name, branding columns and support e-mail.
 * @throws Error when it does not exist (a bug: every record names an existing merchant).
 */
export function brandingRow(db: Db, merchantId: string): BrandingRow {
  const row = queryOne(
    db,
    `SELECT id, name, brand_color, logo_url, logo_content_type, logo_base64, logo_sha256,
            support_email
       FROM merchants WHERE id = ?`,
    [merchantId],
    brandingRowSchema,
  );
  if (row === null) throw new Error(`Merchant ${merchantId} is missing`);
  return row;
}

/**
 * The logo of `row`, served by the sandbox at a path after `origin` (`''` for a path on the pages'
 * own origin): an upload, or a logo fetched from the merchant's URL (`logo_url` beside the
 * bytes). Null without a logo, and for a URL stored before logos were fetched (no bytes): such a
 * logo is not sent to customers' browsers; setting the URL again fetches it.
 */
export function logoOf(
  row: Pick<BrandingRow, 'logo_url' | 'logo_content_type' | 'logo_base64' | 'logo_sha256'>,
  origin: string,
): BrandingLogo | null {
  if (row.logo_content_type === null || row.logo_sha256 === null || row.logo_base64 === null) {
    return null;
  }
  const served = {
    url: `${origin}${uploadedLogoPath(row.logo_sha256, row.logo_content_type)}`,
    contentType: row.logo_content_type,
    sizeBytes: Buffer.from(row.logo_base64, 'base64').length,
    sha256: row.logo_sha256,
  };
  return row.logo_url === null
    ? { source: 'upload', ...served }
    : { source: 'url', sourceUrl: row.logo_url, ...served };
}

/** The branding of `merchantId`; logo addresses start with `origin` (e.g. `http://127.0.0.1:4010`). */
export function getBranding(db: Db, merchantId: string, origin: string): Branding {
  const row = brandingRow(db, merchantId);
  return {
    merchantId: row.id,
    displayName: row.name,
    brandColor: row.brand_color,
    logo: logoOf(row, origin),
  };
}

/** The columns a logo's bytes set (uploaded or fetched): checked type, base64, SHA-256 hex. */
export interface CheckedUpload {
  contentType: string;
  base64: string;
  sha256: string;
}

/**
 * `bytes` (an upload, or what a logo URL answered) checked as a logo.
 * @throws ApiError 400 VALIDATION_FAILED naming `field` when {@link checkLogo} refuses it.
 */
function checkBytes(bytes: Buffer, field: 'logo.upload' | 'logo.url'): CheckedUpload {
  try {
    const contentType = checkLogo(bytes);
    return {
      contentType,
      // Stored re-encoded, so the served bytes are exactly the checked ones.
      base64: bytes.toString('base64'),
      sha256: createHash('sha256').update(bytes).digest('hex'),
    };
  } catch (error) {
    if (!(error instanceof LogoRefused)) throw error;
    throw new ApiError(400, `Validation failed: ${field}: ${error.message}`, {
      code: errorCodes.validationFailed,
    });
  }
}

/**
 * The logo at `url`, fetched once with `fetcher` (features/merchants/remote-logo.ts) and checked
 * as an upload is.
 * @throws ApiError 400 VALIDATION_FAILED naming `logo.url` when it cannot be fetched or is refused.
 */
export async function fetchLogo(fetcher: LogoFetcher, url: string): Promise<CheckedUpload> {
  let bytes: Uint8Array;
  try {
    bytes = await fetcher(new URL(url));
  } catch (error) {
    if (!(error instanceof LogoRefused)) throw error;
    throw new ApiError(400, `Validation failed: logo.url: ${error.message}`, {
      code: errorCodes.validationFailed,
    });
  }
  return checkBytes(Buffer.from(bytes), 'logo.url');
}

/**
 * Applies `update` to `merchantId`'s branding: fields left out keep their value, `null` clears
 * the colour or the logo; a new logo replaces the old one, URL or upload. A logo URL comes with
 * `fetched`, its bytes as {@link fetchLogo} checked them.
 * @throws ApiError 400 VALIDATION_FAILED for a refused upload (nothing is written); Error for a
 *   logo URL without `fetched` (a bug).
 */
export function updateBranding(
  db: Db,
  merchantId: string,
  update: BrandingUpdate,
  origin: string,
  fetched?: CheckedUpload,
): Branding {
  const row = brandingRow(db, merchantId);
  let logoColumns = {
    logo_url: row.logo_url,
    logo_content_type: row.logo_content_type as string | null,
    logo_base64: row.logo_base64,
    logo_sha256: row.logo_sha256,
  };
  if (update.logo === null) {
    logoColumns = { logo_url: null, logo_content_type: null, logo_base64: null, logo_sha256: null };
  } else if (update.logo !== undefined && 'url' in update.logo) {
    if (fetched === undefined) throw new Error('A logo URL must be fetched before it is stored');
    logoColumns = {
      logo_url: update.logo.url,
      logo_content_type: fetched.contentType,
      logo_base64: fetched.base64,
      logo_sha256: fetched.sha256,
    };
  } else if (update.logo !== undefined) {
    const upload = checkBytes(Buffer.from(update.logo.upload, 'base64'), 'logo.upload');
    logoColumns = {
      logo_url: null,
      logo_content_type: upload.contentType,
      logo_base64: upload.base64,
      logo_sha256: upload.sha256,
    };
  }
  execute(
    db,
    `UPDATE merchants
        SET name = ?, brand_color = ?, logo_url = ?, logo_content_type = ?, logo_base64 = ?,
            logo_sha256 = ?
      WHERE id = ?`,
    [
      update.displayName ?? row.name,
      update.brandColor === undefined ? row.brand_color : update.brandColor,
      logoColumns.logo_url,
      logoColumns.logo_content_type,
      logoColumns.logo_base64,
      logoColumns.logo_sha256,
      merchantId,
    ],
  );
  return getBranding(db, merchantId, origin);
}

function getBrandingHandler(context: HandlerContext<'getBranding'>): HandlerResult<'getBranding'> {
  const { db, publicOrigin } = context.services;
  return { status: 200, body: { data: getBranding(db, context.caller.merchantId, publicOrigin) } };
}

/**
 * `PUT /sandbox/v1/merchant/branding`. A logo URL is fetched first, outside any transaction (it
 * may take seconds); then the whole update is written in one transaction, or nothing when it is
 * refused.
 */
async function setBrandingHandler(
  context: HandlerContext<'setBranding'>,
): Promise<HandlerResult<'setBranding'>> {
  const { db, publicOrigin, logoFetcher } = context.services;
  const logo = context.body.logo;
  const fetched =
    logo !== undefined && logo !== null && 'url' in logo
      ? await fetchLogo(logoFetcher, logo.url)
      : undefined;
  const data = atomically(db, () =>
    updateBranding(db, context.caller.merchantId, context.body, publicOrigin, fetched),
  );
  return { status: 200, body: { data } };
}

export const brandingHandlers = {
  getBranding: { run: getBrandingHandler },
  setBranding: { runAsync: setBrandingHandler },
} satisfies HandlerRegistry;

/** Where uploaded logos are served: `/sandbox/v1/logos/<sha256>.png|svg` (Hono pattern). */
export const uploadedLogoRoute = '/sandbox/v1/logos/:file{[0-9a-f]{64}\\.(?:png|svg)}';

/**
 * Headers of a served logo: its stored type, no sniffing, a CSP that lets an SVG opened on its own
 * run and fetch nothing, and a year's cache (the name is the content's hash).
 */
export const uploadedLogoHeaders = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  'cache-control': 'public, max-age=31536000, immutable',
} as const;

const servedLogoSchema = z.object({
  logo_content_type: logoContentTypeSchema,
  logo_base64: z.string(),
});

/**
 * `GET /sandbox/v1/logos/<sha256>.png|svg`: an uploaded logo, no key needed (it is on every
 * hosted page of its merchant). 404 NOT_FOUND once it has been replaced, or when the extension
 * does not match its type.
 * @throws ApiError 404.
 */
export function serveUploadedLogo(db: Db, c: Context): Response {
  const file = c.req.param('file') ?? '';
  const sha256 = file.slice(0, 64);
  const row = queryOne(
    db,
    'SELECT logo_content_type, logo_base64 FROM merchants WHERE logo_sha256 = ? LIMIT 1',
    [sha256],
    servedLogoSchema,
  );
  if (row === null || !uploadedLogoPath(sha256, row.logo_content_type).endsWith(`/${file}`)) {
    throw new ApiError(404, 'No logo at this address (it may have been replaced)', {
      code: errorCodes.notFound,
    });
  }
  return new Response(Buffer.from(row.logo_base64, 'base64'), {
    status: 200,
    headers: { 'content-type': row.logo_content_type, ...uploadedLogoHeaders },
  });
}
