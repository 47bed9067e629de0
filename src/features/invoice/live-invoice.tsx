/**
 * The invoice page's live page model (loaded after the first view, with TanStack Query;
 * docs/decisions/0028, second addendum of issue 25): `use-invoice-page.ts` (checks while a result
 * is awaited, "Pay now" and its hand-over to the checkout page), run by a component that draws
 * nothing itself and hands each model to the page (src/lib/live-flow.tsx), whose one screen draws it.
 */
import { flowDriver } from '../../lib/live-flow';
import { useInvoicePage, type FirstViewHandover } from './use-invoice-page';

/** Props of {@link LiveInvoicePage} besides `onFlow`: the invoice and the first view's handover. */
export interface LiveInvoiceProps extends FirstViewHandover {
  invoiceId: string;
}

/** The live page model of invoice `invoiceId`, once it knows more than "loading". */
export const LiveInvoicePage = flowDriver(
  ({ invoiceId, firstPay }: LiveInvoiceProps) => useInvoicePage(invoiceId, { firstPay }),
  (page) => page.state.kind !== 'loading',
);
