/**
 * The merchant's branding settings (contract/branding.ts, contract/routes-branding.ts;
 * docs/decisions/0022-merchant-branding.md): display name, brand colour and logo, read with a test
 * or live key and changed with a live one, and the uploaded logos served by the sandbox itself.
 *
 * An update is checked completely before anything is written, and written in the request's one
 * transaction (composition/pipeline.ts), so a refused update changes nothing.
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
import { execute, queryOne, type Db } from '../../db/database';
import { checkLogo, LogoRefused } from './logo-files';

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
 * The logo of `row` with its address: the merchant's own https URL, or the path the sandbox serves
 * an upload at, after `origin` (`''` for a path on the pages' own origin). Null without a logo.
 */
export function logoOf(
  row: Pick<BrandingRow, 'logo_url' | 'logo_content_type' | 'logo_base64' | 'logo_sha256'>,
  origin: string,
): BrandingLogo | null {
  if (row.logo_content_type !== null && row.logo_sha256 !== null && row.logo_base64 !== null) {
    return {
      source: 'upload',
      url: `${origin}${uploadedLogoPath(row.logo_sha256, row.logo_content_type)}`,
      contentType: row.logo_content_type,
      sizeBytes: Buffer.from(row.logo_base64, 'base64').length,
      sha256: row.logo_sha256,
    };
  }
  return row.logo_url === null ? null : { source: 'url', url: row.logo_url };
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

/** The columns an upload sets: checked type, bytes in base64, SHA-256 hex. */
interface CheckedUpload {
  contentType: string;
  base64: string;
  sha256: string;
}

/**
 * The upload of `logo` checked by its bytes.
 * @throws ApiError 400 VALIDATION_FAILED naming `logo.upload` when {@link checkLogo} refuses it.
 */
function checkUpload(base64: string): CheckedUpload {
  const bytes = Buffer.from(base64, 'base64');
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
    throw new ApiError(400, `Validation failed: logo.upload: ${error.message}`, {
      code: errorCodes.validationFailed,
    });
  }
}

/**
 * Applies `update` to `merchantId`'s branding: fields left out keep their value, `null` clears
 * the colour or the logo; a new logo replaces the old one, URL or upload.
 * @throws ApiError 400 VALIDATION_FAILED for a refused upload (nothing is written).
 */
export function updateBranding(
  db: Db,
  merchantId: string,
  update: BrandingUpdate,
  origin: string,
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
    logoColumns = {
      logo_url: update.logo.url,
      logo_content_type: null,
      logo_base64: null,
      logo_sha256: null,
    };
  } else if (update.logo !== undefined) {
    const upload = checkUpload(update.logo.upload);
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

function setBrandingHandler(context: HandlerContext<'setBranding'>): HandlerResult<'setBranding'> {
  const { db, publicOrigin } = context.services;
  const data = updateBranding(db, context.caller.merchantId, context.body, publicOrigin);
  return { status: 200, body: { data } };
}

export const brandingHandlers = {
  getBranding: { run: getBrandingHandler },
  setBranding: { run: setBrandingHandler },
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
