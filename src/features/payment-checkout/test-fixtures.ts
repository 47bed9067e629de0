/**
 * Test fixtures for the checkout page: response bodies of the hosted checkout API, each parsed
 * with the contract's own schemas (`checkoutStateSchema`, `checkoutStateResponseSchema`,
 * `errorBodySchema`), so a fixture that drifts from the contract fails at once.
 *
 * For states the sandbox reaches only with effort (rate limits, 5xx, a clock at the last minute)
 * and for exact request checks. The main flows run against the sandbox's handler core in
 * `checkout-page.sandbox.test.tsx`. Test code only: nothing in the pages imports this file.
 */
import { http, HttpResponse } from 'msw';
import {
  checkoutStateResponseSchema,
  checkoutStateSchema,
  checkoutTokenHeader,
  type CheckoutState,
} from '../../../contract/checkout';
import { errorBodySchema, requestIdHeader, type ErrorBody } from '../../../contract/errors';

/** A capability token of the right shape (43 base64url characters, 256 bits). */
export const fixtureToken = 'ckT0ken_abcdefghijklmnopqrstuvwxyz0123456789';

/** The payment id the fixtures use. */
export const fixturePaymentId = 'osp_test_123';

/** The fixtures' return URL as the merchant gave it, and as the page must redirect to it. */
export const fixtureReturnUrl = 'https://Shop.example.com/orders/42?paid=1';
export const fixtureNormalizedReturnUrl = 'https://shop.example.com/orders/42?paid=1';

/** Changes to a {@link checkoutStateFixture}: top-level fields, or parts of nested ones. */
export type CheckoutFixtureOverrides = Partial<
  Omit<CheckoutState, 'payment' | 'merchant' | 'needsCustomerDetails' | 'returnUrl'>
> & {
  /** As the wire carries it: the schema parses it into a `ReturnUrl` or null. */
  returnUrl?: string | null;
  payment?: Partial<CheckoutState['payment']>;
  merchant?: Partial<CheckoutState['merchant']>;
  needsCustomerDetails?: Partial<CheckoutState['needsCustomerDetails']>;
};

/**
 * A pending test-mode checkout of ₦5,000.00 at "Ada Stores", 30 minutes left at 16:00 Lagos time
 * (the service's time), nothing received, with a valid return URL; `overrides` changes any part. Parsed with `checkoutStateSchema`.
 * @throws ZodError when the result breaks the contract.
 */
export function checkoutStateFixture(overrides: CheckoutFixtureOverrides = {}): CheckoutState {
  const { payment, merchant, needsCustomerDetails, ...rest } = overrides;
  return checkoutStateSchema.parse({
    mode: 'test',
    merchant: {
      name: 'Ada Stores',
      logoUrl: null,
      brandColor: '#0b5cad',
      supportEmail: 'help@ada.example',
      ...merchant,
    },
    preferredLanguage: null,
    payment: {
      id: fixturePaymentId,
      status: 'pending',
      amount: 5000,
      currency: 'NGN',
      amountReceived: 0,
      amountOutstanding: 5000,
      amountOverpaid: 0,
      description: 'Order #42',
      paidAt: null,
      ...payment,
    },
    invoice: null,
    needsCustomerDetails: { email: false, phone: false, ...needsCustomerDetails },
    virtualAccount: {
      bankName: 'Wema Bank',
      accountNumber: '9912345678',
      accountName: 'ADA STORES CHECKOUT',
    },
    remainingSeconds: 1800,
    expiresAt: '2026-11-22T15:30:00.000Z',
    returnUrl: fixtureReturnUrl,
    serverTime: '2026-11-22T15:00:00.000Z',
    ...rest,
  });
}

/** A checkout that still lacks the payer's details (no account yet). */
export function needsDetailsFixture(needs: { email: boolean; phone: boolean }): CheckoutState {
  return checkoutStateFixture({ needsCustomerDetails: needs, virtualAccount: null });
}

/** A checkout the server says is paid (in full, or more when `overpaid` > 0 naira). */
export function paidCheckoutFixture(
  overrides: CheckoutFixtureOverrides = {},
  overpaid = 0,
): CheckoutState {
  return checkoutStateFixture({
    ...overrides,
    payment: {
      status: 'paid',
      amountReceived: 5000 + overpaid,
      amountOutstanding: 0,
      amountOverpaid: overpaid,
      paidAt: '2026-11-22T15:05:00.000Z',
      ...overrides.payment,
    },
    remainingSeconds: 0,
  });
}

/** A checkout whose payment window ended (optionally after `received` naira arrived). */
export function expiredCheckoutFixture(received = 0): CheckoutState {
  return checkoutStateFixture({
    payment: { status: 'expired', amountReceived: received, amountOutstanding: 5000 - received },
    remainingSeconds: 0,
  });
}

/** `{ data: state }` as `GET /checkout/:paymentId` answers, parsed with the contract. */
export function checkoutResponseBody(state: CheckoutState) {
  return checkoutStateResponseSchema.parse({ data: state });
}

/**
 * The documented error body (service-api.md, "Errors"), parsed with `errorBodySchema`.
 * @throws ZodError when the result breaks the contract.
 */
export function errorBodyFixture(
  statusCode: number,
  options: { code?: string; requestId?: string; path?: string } = {},
): ErrorBody {
  return errorBodySchema.parse({
    statusCode,
    message: `Request failed with ${statusCode}`,
    requestId: options.requestId ?? 'req_fixture_1',
    ...(options.code === undefined ? {} : { code: options.code }),
    path: options.path ?? `/checkout/${fixturePaymentId}`,
    timestamp: '2026-11-22T15:00:00.000Z',
  });
}

/** An MSW JSON error response with the body and the `x-request-id` header. */
export function errorResponse(
  statusCode: number,
  options: { code?: string; requestId?: string; path?: string } = {},
) {
  const body = errorBodyFixture(statusCode, options);
  return HttpResponse.json(body, {
    status: statusCode,
    headers: { [requestIdHeader]: body.requestId },
  });
}

/** What the fake checkout API saw: each request's method, path, token header and JSON body. */
export interface SeenRequest {
  method: string;
  path: string;
  token: string | null;
  body: unknown;
}

/**
 * MSW handlers for the checkout API of payment {@link fixturePaymentId}, answering from
 * `respond` (called per request, so a test can change what the server says between requests).
 * Each request is recorded in `seen`. Requests without the right token get the documented 401.
 */
export function checkoutApiHandlers(
  origin: string,
  respond: {
    /** May wait (MSW `delay`) before answering, for requests that hang. */
    get: () => Response | CheckoutState | Promise<Response | CheckoutState>;
    /** `headers` are the request's (its Idempotency-Key, say). */
    postCustomer?: (body: unknown, headers: Headers) => Response | CheckoutState;
  },
  seen: SeenRequest[],
) {
  const path = `${origin}/checkout/${fixturePaymentId}`;
  const answer = (result: Response | CheckoutState) =>
    result instanceof Response ? result : HttpResponse.json(checkoutResponseBody(result));
  const unauthorized = () =>
    errorResponse(401, { code: 'INVALID_CHECKOUT_LINK', requestId: 'req_no_token' });
  return [
    http.get(path, async ({ request }) => {
      const token = request.headers.get(checkoutTokenHeader);
      seen.push({ method: 'GET', path: new URL(request.url).pathname, token, body: undefined });
      if (token !== fixtureToken) return unauthorized();
      return answer(await respond.get());
    }),
    http.post(`${path}/customer`, async ({ request }) => {
      const token = request.headers.get(checkoutTokenHeader);
      const body: unknown = await request.json();
      seen.push({ method: 'POST', path: new URL(request.url).pathname, token, body });
      if (token !== fixtureToken) return unauthorized();
      if (respond.postCustomer === undefined) return errorResponse(500);
      return answer(respond.postCustomer(body, request.headers));
    }),
  ];
}
