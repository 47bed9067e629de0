/**
 * The checkout state as the page reads it (contract/checkout.ts; service-api.md, "Hosted
 * checkout"), without the query library: the answer of `GET /checkout/:paymentId` parsed by the
 * contract's schema, and what a failed call means for the flow. The page's first view uses these
 * before TanStack Query has arrived (docs/decisions/0028, second addendum of issue 25); the
 * checkout query (`api.ts`) selects with the same function.
 */
import { errorCodes } from '../../../contract/errors';
import type { CheckoutState } from '../../../contract/checkout';
import { hostedCheckoutRoutes as routes } from '../../../contract/routes-hosted-checkout';
import { parseAnswer, type RawAnswer } from '../../lib/api-client';
import { classifyFailure } from '../../lib/classify-failure';
import type { RequestFailure } from './machine';

/**
 * The checkout state (`CheckoutState`) in an answer of `GET /checkout/:paymentId`.
 * @throws ApiError (code UNEXPECTED_RESPONSE) when the body breaks the contract.
 */
export function selectCheckout(answer: RawAnswer): CheckoutState {
  return parseAnswer(routes.getCheckout, answer).data;
}

/**
 * What the checkout flow does after a failed call (src/lib/classify-failure.ts; service-api.md,
 * "Errors"; product.md, "Links and tokens"). Never throws.
 */
export function classifyCheckoutFailure(error: unknown): RequestFailure {
  return classifyFailure<'detailsRefused' | 'changed', never>(error, {
    linkCodes: { [errorCodes.invalidCheckoutLink]: 'byStatus' },
    codes: { [errorCodes.validationFailed]: 'detailsRefused', [errorCodes.conflict]: 'changed' },
    statuses: { 400: 'detailsRefused', 422: 'detailsRefused', 409: 'changed' },
  });
}
