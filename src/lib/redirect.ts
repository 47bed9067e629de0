/**
 * Leaves the page. Kept in its own module so that a component test can replace it (jsdom cannot
 * navigate) and so that every exit from the pages is easy to find.
 *
 * The parameter's type is the whole check: a {@link ReturnUrl} (only `parseReturnUrl` in
 * `contract/return-url.ts` makes one; docs/decisions/0011-return-url-rule.md) for the way back to
 * the merchant, or an `OwnPageAddress` (./own-page-address.ts) for another page of this origin (the invoice page
 * opening its checkout). A plain string does not compile, so no page can navigate off the origin
 * to anything but a `ReturnUrl`, and nothing validates the same string again here.
 */
import type { ReturnUrl } from '../../contract/return-url';
import type { OwnPageAddress } from './own-page-address';

/** Navigates the whole tab to `target`. */
export function redirectTo(target: ReturnUrl | OwnPageAddress): void {
  window.location.assign(target);
}
