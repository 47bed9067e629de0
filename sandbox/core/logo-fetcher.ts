/**
 * The port through which the core's services fetch a merchant's logo given by URL (decision 0030:
 * fetched once when it is set, then served from the sandbox's origin). The implementation,
 * `fetchPublicLogo`, lives in the merchants feature (`sandbox/features/merchants/remote-logo.ts`);
 * tests pass their own, so the core never imports a feature.
 */

/**
 * Fetches the image at `url` (an absolute https URL) and resolves with its bytes: at most
 * `maxLogoBytes + 1` (contract/branding.ts), so that an oversized logo is still refused by the
 * size check.
 * @throws LogoRefused (sandbox/features/merchants/logo-files.ts) with the reason when it cannot or
 * may not be fetched.
 */
export type LogoFetcher = (url: URL) => Promise<Uint8Array>;
