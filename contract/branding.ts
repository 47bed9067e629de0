/**
 * A merchant's branding as the sandbox's merchant settings hold it (product.md, "Every page": the
 * merchant's name, logo and brand colour on every hosted page): the display name, the brand colour
 * `#rrggbb` and a logo that is either an https image URL or a small PNG or SVG uploaded to and
 * served by the sandbox. The interface document has no route for it (it is the dashboard's), so
 * the routes live under `/sandbox/v1/merchant/branding` (contract/routes-branding.ts). The hosted
 * pages read the result as `merchant` (contract/hosted-common.ts). Rules:
 * docs/decisions/0022-merchant-branding.md.
 */
import { z } from 'zod';
import { envelope, httpsUrlSchema, text } from './common';

/** Largest uploaded logo, in bytes once decoded (32 KiB: its base64 fits the 64 KiB body limit). */
export const maxLogoBytes = 32 * 1024;

/** The content types an uploaded logo may have, told by its first bytes, never by a name. */
export const logoContentTypeSchema = z.enum(['image/png', 'image/svg+xml']);
export type LogoContentType = z.infer<typeof logoContentTypeSchema>;

/** A brand colour: `#rrggbb`, six hex digits. */
export const brandColorSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'must be a colour #rrggbb' });

/** Longest display name, in characters. */
export const maxDisplayNameLength = 100;

/** Base64 length of {@link maxLogoBytes} bytes (with padding). */
const maxLogoBase64Length = Math.ceil(maxLogoBytes / 3) * 4;

/**
 * The logo of an update: `{ url }` an absolute https image URL (≤ 2048 characters) on a public
 * host, which the sandbox fetches once and checks as an upload, `{ upload }`
 * the file's bytes in base64 (PNG or SVG, ≤ 32 KiB decoded; the sandbox checks the bytes), or
 * `null` to remove the logo.
 */
export const logoUpdateSchema = z.union([
  z.strictObject({ url: httpsUrlSchema }),
  z.strictObject({
    upload: z
      .base64({ error: 'must be the file in base64' })
      .min(1, { error: 'must not be empty' })
      .max(maxLogoBase64Length, { error: `must be at most ${maxLogoBytes / 1024} KB` }),
  }),
]);

/**
 * `PUT /sandbox/v1/merchant/branding`: change any of the display name, the brand colour (`null`
 * for ours) and the logo (`null` for none); a field left out keeps its value. At least one field.
 */
export const brandingUpdateRequestSchema = z
  .strictObject({
    displayName: text(maxDisplayNameLength).optional(),
    brandColor: brandColorSchema.nullable().optional(),
    logo: logoUpdateSchema.nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, {
    error: 'give at least one of displayName, brandColor, logo',
  });
export type BrandingUpdate = z.infer<typeof brandingUpdateRequestSchema>;

/**
 * The logo as the merchant set it, served by the sandbox at `url`
 * (`<origin>/sandbox/v1/logos/<sha256>.png|svg`, cached for a year: the name changes with the
 * bytes): an upload, or an https URL of theirs (`sourceUrl`) that the sandbox fetched and checked
 * once, when it was set, so that no customer's browser ever asks the merchant's host for it.
 * `sizeBytes` in bytes; `sha256` hex.
 */
export const brandingLogoSchema = z.discriminatedUnion('source', [
  z.object({
    source: z.literal('url'),
    url: z.string(),
    sourceUrl: z.string(),
    contentType: logoContentTypeSchema,
    sizeBytes: z.number().int().positive(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  z.object({
    source: z.literal('upload'),
    url: z.string(),
    contentType: logoContentTypeSchema,
    sizeBytes: z.number().int().positive(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  }),
]);
export type BrandingLogo = z.infer<typeof brandingLogoSchema>;

/** The merchant's branding: what every hosted page shows (both modes share it). */
export const brandingSchema = z.object({
  merchantId: z.string(),
  displayName: z.string(),
  /** `#rrggbb`, or null for the pages' own colour. */
  brandColor: z.string().nullable(),
  logo: brandingLogoSchema.nullable(),
});
export type Branding = z.infer<typeof brandingSchema>;

/** `GET` and `PUT /sandbox/v1/merchant/branding` answer `{ data: Branding }`. */
export const brandingResponseSchema = envelope(brandingSchema);

/** The path of an uploaded logo, by its SHA-256 (hex) and content type. */
export function uploadedLogoPath(sha256: string, contentType: LogoContentType): string {
  return `/sandbox/v1/logos/${sha256}.${contentType === 'image/png' ? 'png' : 'svg'}`;
}
