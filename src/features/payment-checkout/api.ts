/**
 * Server data of the payment checkout page (product.md, "Links and tokens" and "Checkout pages";
 * contract/checkout.ts): the checkout state as TanStack Query `queryOptions` and the payer's
 * missing details as `mutationOptions`. Every call sends the link's capability token in
 * `x-checkout-token` and nothing else identifies the payer. Amounts are naira; `remainingSeconds`
 * is seconds by the server's clock.
 */
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { CheckoutCustomerRequest } from '../../../contract/checkout';
import {
  apiRequest,
  hostedWriteTimeoutMs,
  NetworkError,
  OfflineError,
  type RawAnswer,
} from '../../lib/api-client';
import { tokenHeader } from '../../lib/capability-token';
import { hostedReadOptions } from '../../lib/hosted-reads';
import type { ActionKey } from '../../lib/use-action-key';
import { selectCheckout } from './checkout-answer';

// A chunk that cannot be downloaded is a request that did not get through, like any other;
// offline, nothing was sent, so the page can say that nothing has changed.
const loadCustomerRoutes = () =>
  import('../../../contract/routes-checkout-customer').then(
    (module) => module.checkoutCustomerRoutes,
    (error: unknown) => {
      throw navigator.onLine ? new NetworkError({ cause: error }) : new OfflineError();
    },
  );

/**
 * `GET /checkout/:paymentId`: the checkout state (`CheckoutState`), prefetched as the app
 * starts (src/lib/hosted-reads.ts) and parsed by {@link selectCheckout}. Always fresh (`staleTime: 0`):
 * the payment's status changes on the server and the page polls it.
 * @throws ApiError (401/404 unknown link, 410 expired link, 5xx) | NetworkError | TimeoutError
 *   (src/lib/api-client.ts)
 */
export function checkoutQueryOptions(paymentId: string, token: string) {
  return queryOptions({
    ...hostedReadOptions({ read: 'getCheckout', paymentId }, token),
    select: selectCheckout,
    staleTime: 0,
  });
}

/** The key of {@link submitCustomerMutationOptions}: one save of payment `paymentId` at a time. */
export function submitCustomerMutationKey(paymentId: string) {
  return ['checkout', paymentId, 'customer'] as const;
}

/**
 * `POST /checkout/:paymentId/customer`: the payer's missing e-mail and/or phone (phone Nigerian,
 * E.164; the API client checks the body with `checkoutCustomerRequestSchema` before sending).
 * Answers with the new checkout state, which then carries the account to pay into; it is written
 * into the checkout query's cache in the shape the cache holds (the answer, parsed again by
 * {@link selectCheckout}), so the page shows the account at once without a second request on a
 * slow network, counted from this answer. Never retried automatically: one click sends one
 * request, bounded by `hostedWriteTimeoutMs` (15 s); a retry of the same details after no answer
 * reuses the attempt's Idempotency-Key (`actionKey`, docs/decisions/0023), so the service applies
 * them once. The route (and the phone parser its request schema
 * needs) is imported when the details are sent, not on the page's first load; the details form
 * has already downloaded the parser by then (docs/decisions/0018-first-load-bytes.md).
 * @throws ApiError (400/422 details refused, 401/410 link, 409 details already given, 5xx) |
 *   NetworkError (OfflineError: not sent; TimeoutError after 15 s)
 */
export function submitCustomerMutationOptions(
  paymentId: string,
  token: string,
  actionKey: ActionKey<CheckoutCustomerRequest>,
) {
  return mutationOptions({
    mutationKey: submitCustomerMutationKey(paymentId),
    mutationFn: async (request: CheckoutCustomerRequest) =>
      (
        await apiRequest((await loadCustomerRoutes()).submitCheckoutCustomer, {
          params: { paymentId },
          token: tokenHeader({ kind: 'checkout', id: paymentId }, token),
          body: request,
          timeoutMs: hostedWriteTimeoutMs,
          idempotencyKey: actionKey.keyFor(request),
        })
      ).data,
    retry: false,
    onSettled: (_checkout, error) => actionKey.settle(error),
    onSuccess: (checkout, _request, _result, { client }) => {
      // A parsed checkout state is a valid body of the read (a ReturnUrl parses to itself).
      const answer: RawAnswer = { status: 200, body: { data: checkout }, requestId: null };
      client.setQueryData(checkoutQueryOptions(paymentId, token).queryKey, answer);
    },
  });
}
