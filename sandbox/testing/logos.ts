/**
 * Logo files for tests of the branding settings (contract/branding.ts): a real 1×1 PNG, a clean
 * SVG, both as the base64 `logo.upload` of `PUT /sandbox/v1/merchant/branding` takes, and the
 * logo fetcher test sandboxes use in place of the internet.
 */
import { LogoRefused } from '../features/merchants/logo-files';
import type { LogoFetcher } from '../core/logo-fetcher';

/** A valid 1×1 PNG (a dark blue pixel). */
export const tinyPngBase64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** An SVG logo of the kind a designer exports: a gradient referenced by #fragment, text, a title. */
export const cleanSvg = `<?xml version="1.0" encoding="UTF-8"?>
<!-- Adaeze Fitness mark -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 40 40" width="40" height="40">
  <title>Adaeze Fitness</title>
  <defs><linearGradient id="g"><stop offset="0" stop-color="#0b5cad"/><stop offset="1" stop-color="#7cb4f5"/></linearGradient></defs>
  <circle cx="20" cy="20" r="18" fill="url(#g)"/>
  <use xlink:href="#g"/>
  <text x="20" y="26" font-size="16" text-anchor="middle" fill="#ffffff" style="font-weight: 700">A &amp; F</text>
</svg>
`;

/** `text` as base64 (UTF-8), as an upload is sent. */
export function base64Of(text: string | Uint8Array): string {
  return Buffer.from(text).toString('base64');
}

/**
 * The {@link LogoFetcher} of test sandboxes (sandbox/testing/test-sandbox.ts): tests have no
 * internet, so every https URL answers {@link tinyPngBase64}'s bytes, except a host under
 * `.invalid` (RFC 6761), which cannot be found. Pass `logoFetcher` to test other answers.
 */
export const testLogoFetcher: LogoFetcher = (url) => {
  if (url.hostname.endsWith('.invalid')) {
    return Promise.reject(new LogoRefused(`its host ${url.hostname} could not be found`));
  }
  return Promise.resolve(Buffer.from(tinyPngBase64, 'base64'));
};
