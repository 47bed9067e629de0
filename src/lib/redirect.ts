/**
 * Leaves the SPA for another site. Kept in its own module so that a component test can replace it
 * (jsdom cannot navigate) and so that every exit from the pages is easy to find.
 *
 * Callers pass a URL they have already validated (`contract/return-url.ts`, `validateReturnUrl`)
 * and normalized; this function does not check it again.
 */
export function redirectTo(validatedUrl: string): void {
  window.location.assign(validatedUrl);
}
