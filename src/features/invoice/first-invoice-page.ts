/**
 * The invoice page's first view (docs/decisions/0028, second addendum of issue 25): the invoice
 * to pay, drawn from the first read as soon as both it and the page's own code are in, before
 * TanStack Query and the live page (`use-invoice-page.ts`) have arrived. The page draws it with
 * the same screen (`invoice-screen.tsx`), from the same schema's parse of the same answer
 * (`selectInvoice`), and the live page then takes the screen over without redrawing it.
 *
 * As the checkout's first flow (src/features/payment-checkout/first-checkout-flow.ts): the read
 * the document sent is looked at, not taken, so it is sent once; only an invoice still to pay
 * (`pending`) is shown, every other view waits for the live page in the frame's "Loading…"; and
 * it sends nothing: "Pay now" pressed here shows "Opening…" and is handed to the live page, or,
 * when the live page could not be downloaded, says it was not sent (the page decides: `pay`).
 */
import { useMemo } from 'react';
import { selectedFirstAnswer, useFirstAnswer } from '../../lib/use-first-answer';
import { useHostedLinkToken } from '../../lib/use-hosted-link';
import { selectInvoice } from './invoice-answer';
import { invoicePageState, type PayStatus } from './page-state';
import type { InvoicePage } from './use-invoice-page';

const inert = () => undefined;

/** Inputs of {@link useFirstInvoicePage}. */
export interface FirstInvoiceInput {
  invoiceId: string;
  /** "Pay now" pressed in this view: `paying` (handed over) or `failed` (not sent); else `idle`. */
  pay: PayStatus;
  /** "Pay now" pressed in this view, for the live page to act on. */
  onPay: () => void;
}

/**
 * The invoice page's first view for invoice `invoiceId` (see the module's comment), and whether
 * its first read has settled (drawn, or nothing to draw).
 */
export function useFirstInvoicePage({ invoiceId, pay, onPay }: FirstInvoiceInput): {
  page: InvoicePage;
  settled: boolean;
} {
  const { reading } = useHostedLinkToken({ kind: 'invoice', id: invoiceId });
  const { answer, settled } = useFirstAnswer({ read: 'getInvoice', invoiceId }, reading);
  const invoice = useMemo(() => selectedFirstAnswer(selectInvoice, answer), [answer]);
  const state = invoicePageState({
    token: reading,
    data: invoice,
    error: null,
    pay,
  });
  const page: InvoicePage = {
    state: state.kind === 'pending' ? state : { kind: 'loading' },
    pay: onPay,
    retry: inert,
    reading: false,
  };
  // Settled: the live page may start downloading (src/lib/live-flow.tsx).
  return { page, settled };
}
