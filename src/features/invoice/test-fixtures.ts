/**
 * Test fixtures for the invoice page: response bodies of the hosted invoice API, each parsed with
 * the contract's own schemas (`invoiceStateSchema`, `invoiceStateResponseSchema`,
 * `invoicePayResponseSchema`, `errorBodySchema`), so a fixture that drifts from the contract fails
 * at once.
 *
 * For states the sandbox reaches only with effort (5xx, rate limits, a debit with the bank) and
 * for exact request checks. The main flows run against the sandbox's handler core in
 * `invoice-page.sandbox.test.tsx`. Test code only.
 */
import { http, HttpResponse } from 'msw';
import {
  checkoutTokenHeader,
  invoicePayResponseSchema,
  invoiceStateResponseSchema,
  invoiceStateSchema,
  type InvoiceState,
} from '../../../contract/checkout';
import { errorBodySchema, requestIdHeader } from '../../../contract/errors';

/** A capability token of the right shape (43 base64url characters, 256 bits). */
export const fixtureInvoiceToken = 'invT0ken_abcdefghijklmnopqrstuvwxyz012345678';

/** The invoice id the fixtures use. */
export const fixtureInvoiceId = 'inv_test_7';

/** The checkout page "Pay now" opens in the fixtures: same origin, its own token. */
export const fixtureCheckoutToken = 'payT0ken_abcdefghijklmnopqrstuvwxyz012345678';
export const fixtureCheckoutPath = `/checkout/osp_test_9#token=${fixtureCheckoutToken}`;

/** Changes to an {@link invoiceStateFixture}. */
export type InvoiceFixtureOverrides = Partial<Omit<InvoiceState, 'invoice' | 'merchant'>> & {
  invoice?: Partial<InvoiceState['invoice']>;
  merchant?: Partial<InvoiceState['merchant']>;
};

/**
 * A pending test-mode invoice of ₦15,000.00 from "Gym Co" for the "Gym membership" monthly plan,
 * period 1 to 31 December 2026; `overrides` changes any part. Parsed with `invoiceStateSchema`.
 * @throws ZodError when the result breaks the contract.
 */
export function invoiceStateFixture(overrides: InvoiceFixtureOverrides = {}): InvoiceState {
  const { invoice, merchant, ...rest } = overrides;
  return invoiceStateSchema.parse({
    mode: 'test',
    merchant: {
      name: 'Gym Co',
      logoUrl: null,
      brandColor: null,
      supportEmail: 'help@gym.example',
      ...merchant,
    },
    preferredLanguage: null,
    invoice: {
      id: fixtureInvoiceId,
      status: 'pending',
      amount: 15000,
      currency: 'NGN',
      planName: 'Gym membership',
      interval: 'monthly',
      periodStart: '2026-12-01',
      periodEnd: '2026-12-31',
      dueDate: '2026-12-01',
      paidAt: null,
      ...invoice,
    },
    authorizationUrl: null,
    debitInProgress: false,
    returnUrl: null,
    serverTime: '2026-11-30T08:00:00.000Z',
    ...rest,
  });
}

/** A paid invoice (paid at 30 Nov 2026, 09:15 Lagos time). */
export function paidInvoiceFixture(): InvoiceState {
  return invoiceStateFixture({
    invoice: { status: 'paid', paidAt: '2026-11-30T08:15:00.000Z' },
  });
}

/** An MSW JSON error response in the documented shape, parsed with `errorBodySchema`. */
export function invoiceErrorResponse(
  statusCode: number,
  options: { code?: string; requestId?: string } = {},
) {
  const body = errorBodySchema.parse({
    statusCode,
    message: `Request failed with ${statusCode}`,
    requestId: options.requestId ?? 'req_fixture_inv',
    ...(options.code === undefined ? {} : { code: options.code }),
    path: `/invoices/${fixtureInvoiceId}`,
    timestamp: '2026-11-22T15:00:00.000Z',
  });
  return HttpResponse.json(body, {
    status: statusCode,
    headers: { [requestIdHeader]: body.requestId },
  });
}

/** What the fake invoice API saw. */
export interface SeenInvoiceRequest {
  method: string;
  path: string;
  token: string | null;
  body: unknown;
}

/**
 * MSW handlers for the invoice API of {@link fixtureInvoiceId}, answering from `respond` (called
 * per request). `pay` returns the `authorizationUrl` to answer with, or a Response. Requests
 * without the right token get the documented 401.
 */
export function invoiceApiHandlers(
  origin: string,
  respond: {
    get: () => Response | InvoiceState;
    /** `headers` are the request's (its Idempotency-Key, say). */
    pay?: (headers: Headers) => Response | string | Promise<Response | string>;
  },
  seen: SeenInvoiceRequest[],
) {
  const path = `${origin}/invoices/${fixtureInvoiceId}`;
  const unauthorized = () =>
    invoiceErrorResponse(401, { code: 'INVALID_CHECKOUT_LINK', requestId: 'req_no_token' });
  return [
    http.get(path, ({ request }) => {
      const token = request.headers.get(checkoutTokenHeader);
      seen.push({ method: 'GET', path: new URL(request.url).pathname, token, body: undefined });
      if (token !== fixtureInvoiceToken) return unauthorized();
      const result = respond.get();
      return result instanceof Response
        ? result
        : HttpResponse.json(invoiceStateResponseSchema.parse({ data: result }));
    }),
    http.post(`${path}/pay`, async ({ request }) => {
      const token = request.headers.get(checkoutTokenHeader);
      const body: unknown = await request.json();
      seen.push({ method: 'POST', path: new URL(request.url).pathname, token, body });
      if (token !== fixtureInvoiceToken) return unauthorized();
      const result =
        respond.pay === undefined ? invoiceErrorResponse(500) : await respond.pay(request.headers);
      return result instanceof Response
        ? result
        : HttpResponse.json(invoicePayResponseSchema.parse({ data: { authorizationUrl: result } }));
    }),
  ];
}
