/**
 * Server data of the invoice page (product.md, "Checkout pages" and "Links and tokens";
 * contract/checkout.ts): the invoice as TanStack Query `queryOptions` and "Pay now" as
 * `mutationOptions`. Every call sends the link's capability token in `x-checkout-token`. Amounts
 * are naira; dates are Africa/Lagos calendar dates.
 */
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { hostedCheckoutRoutes as routes } from '../../../contract/routes-hosted-checkout';
import { apiRequest, hostedWriteTimeoutMs } from '../../lib/api-client';
import { tokenHeader } from '../../lib/capability-token';
import { hostedReadOptions } from '../../lib/hosted-reads';
import type { ActionKey } from '../../lib/use-action-key';
import { selectInvoice } from './invoice-answer';

/**
 * `GET /invoices/:invoiceId`: the invoice page's state (`InvoiceState`), prefetched as the app
 * starts (src/lib/hosted-reads.ts) and parsed by {@link selectInvoice}. Read again when the page gets
 * focus (the payer may come back from paying in another tab) and when the phone is back online,
 * unlike the app's default. Polling while a result is awaited is the page hook's
 * (`use-invoice-page.ts`, with src/lib/use-check-schedule.ts).
 * @throws ApiError (401/404 unknown link, 410 expired link, 5xx) | NetworkError | TimeoutError
 *   (src/lib/api-client.ts)
 */
export function invoiceQueryOptions(invoiceId: string, token: string) {
  return queryOptions({
    ...hostedReadOptions({ read: 'getInvoice', invoiceId }, token),
    select: selectInvoice,
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
  });
}

/**
 * `POST /invoices/:invoiceId/pay` with `{}`: recovers or creates the invoice's checkout details
 * and answers `{ authorizationUrl }`, the payment checkout page with its own token in the
 * fragment. Never retried automatically; bounded by `hostedWriteTimeoutMs` (15 s); "Pay now" again
 * after no answer reuses the attempt's Idempotency-Key (`actionKey`, docs/decisions/0023).
 * @throws ApiError (409 already paid, 401/410 link, 5xx) | NetworkError (OfflineError: not sent)
 */
export function payInvoiceMutationOptions(
  invoiceId: string,
  token: string,
  actionKey: ActionKey<Record<string, never>>,
) {
  return mutationOptions({
    mutationKey: ['invoice', invoiceId, 'pay'],
    mutationFn: async () =>
      (
        await apiRequest(routes.payInvoice, {
          params: { invoiceId },
          token: tokenHeader({ kind: 'invoice', id: invoiceId }, token),
          body: {},
          timeoutMs: hostedWriteTimeoutMs,
          idempotencyKey: actionKey.keyFor({}),
        })
      ).data,
    retry: false,
    onSettled: (_answer, error) => actionKey.settle(error),
  });
}
