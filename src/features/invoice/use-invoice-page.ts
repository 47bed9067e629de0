/**
 * Drives the invoice page: reads the invoice (TanStack Query) and runs "Pay now", whose answer's
 * `authorizationUrl` is checked (`checkout-address.ts`) before the browser goes there (product.md,
 * "Checkout pages"). The page's state is derived by `page-state.ts`.
 *
 * The invoice is read again on focus and reconnection, and, while its result is awaited (a debit
 * with the bank or an open checkout payment, `awaitsResult`), by the hosted pages' one polling
 * policy (src/lib/use-check-schedule.ts: 3 s, 5 s, 10 s, then every 20 s), paused while the tab
 * is hidden. Polling stops once the invoice is paid or the server refuses the link.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { unansweredActionOf } from '../../lib/action-failure';
import { redirectTo } from '../../lib/redirect';
import { useActionKey } from '../../lib/use-action-key';
import { useCheckSchedule } from '../../lib/use-check-schedule';
import { useForgetRefusedLink, useHostedLinkToken } from '../../lib/use-hosted-link';
import { invoiceQueryOptions, payInvoiceMutationOptions } from './api';
import { classifyInvoiceFailure, selectInvoice } from './invoice-answer';
import { checkoutAddressFrom } from './checkout-address';
import {
  awaitsResult,
  invoicePageState,
  type InvoicePageState,
  type PayStatus,
} from './page-state';

/** What the page needs. */
export interface InvoicePage {
  state: InvoicePageState;
  /** "Pay now": one request at a time; then the checkout page, or a failure on the page. */
  pay: () => void;
  /** Reads the invoice again (the failure view's "Try again"). */
  retry: () => void;
  /** The invoice is being read (again). */
  reading: boolean;
}

/** What the page's first view passes on to the live page (first-invoice-page.ts). */
export interface FirstViewHandover {
  /**
   * "Pay now" in the first view, before this page had arrived: `paying`, pressed, to be sent once
   * this page has the invoice; `failed`, pressed but never sent (this page could not be
   * downloaded), shown as it is until pressed again; `idle`, not pressed.
   */
  firstPay: PayStatus;
}

/** The invoice page at `/invoices/:invoiceId#token=…`. */
export function useInvoicePage(
  invoiceId: string,
  { firstPay }: FirstViewHandover = { firstPay: { kind: 'idle' } },
): InvoicePage {
  const { reading: token, token: tokenValue } = useHostedLinkToken({
    kind: 'invoice',
    id: invoiceId,
  });
  const refetchInterval = useCheckSchedule(selectInvoice, { awaits: awaitsResult });
  const query = useQuery({
    ...invoiceQueryOptions(invoiceId, tokenValue),
    enabled: token.kind === 'token',
    refetchInterval,
  });
  const { refetch } = query;
  const actionKey = useActionKey<Record<string, never>>();
  const { mutateAsync } = useMutation(payInvoiceMutationOptions(invoiceId, tokenValue, actionKey));
  const [payStatus, setPayStatus] = useState<PayStatus>(
    firstPay.kind === 'failed' ? firstPay : { kind: 'idle' },
  );
  // One click sends one request, even before the busy button has re-rendered.
  const paying = useRef(false);

  const pay = useCallback(() => {
    if (paying.current) return;
    paying.current = true;
    setPayStatus({ kind: 'paying' });
    mutateAsync().then(
      ({ authorizationUrl }) => {
        const address = checkoutAddressFrom(authorizationUrl, window.location.origin);
        if (address === null) {
          paying.current = false;
          setPayStatus({ kind: 'badAddress' });
          return;
        }
        setPayStatus({ kind: 'leaving' });
        redirectTo(address);
      },
      (error: unknown) => {
        paying.current = false;
        const failure = classifyInvoiceFailure(error);
        if (failure.kind === 'alreadyPaid') {
          // The server's invoice will say paid; the page shows that instead of an error.
          setPayStatus({ kind: 'idle' });
          void refetch();
          return;
        }
        setPayStatus({ kind: 'failed', failure, unanswered: unansweredActionOf(error) });
      },
    );
  }, [mutateAsync, refetch]);

  // Back from the checkout page through the browser's back/forward cache: the page is as it was
  // left ("Opening…"); make "Pay now" usable again and read the invoice afresh.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      paying.current = false;
      setPayStatus({ kind: 'idle' });
      void refetch();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [refetch]);

  const state = invoicePageState({ token, data: query.data, error: query.error, pay: payStatus });

  // "Pay now" pressed in the first view: sent once this page has the invoice and it is still to
  // pay (the same rules as a press here).
  const payPressed = firstPay.kind === 'paying';
  const handedOver = useRef(false);
  const payable = state.kind === 'pending';
  useEffect(() => {
    if (!payPressed || !payable || handedOver.current) return;
    handedOver.current = true;
    pay();
  }, [payPressed, payable, pay]);

  // A link the server refuses is of no use after a reload either.
  useForgetRefusedLink(
    { kind: 'invoice', id: invoiceId },
    state.kind === 'invalidLink' ? state.reason : null,
  );

  const retry = useCallback(() => void refetch(), [refetch]);
  return { state, pay, retry, reading: query.isFetching };
}
