/**
 * The invoice page's state as the page reads it (contract/checkout.ts; service-api.md, "Hosted
 * checkout"), without the query library: the answer of `GET /invoices/:invoiceId` parsed by the
 * contract's schema, and what a failed call means for the page. The page's first view uses these
 * before TanStack Query has arrived (docs/decisions/0028, second addendum of issue 25); the
 * invoice query (`api.ts`) selects with the same function.
 */
import { errorCodes } from '../../../contract/errors';
import type { InvoiceState } from '../../../contract/checkout';
import { hostedCheckoutRoutes as routes } from '../../../contract/routes-hosted-checkout';
import { parseAnswer, type RawAnswer } from '../../lib/api-client';
import { classifyFailure, type RequestFailure } from '../../lib/classify-failure';

/**
 * The invoice page's state (`InvoiceState`) in an answer of `GET /invoices/:invoiceId`.
 * @throws ApiError (code UNEXPECTED_RESPONSE) when the body breaks the contract.
 */
export function selectInvoice(answer: RawAnswer): InvoiceState {
  return parseAnswer(routes.getInvoicePage, answer).data;
}

/**
 * A failed request of the invoice page, by what the page does next. Its own kind: `alreadyPaid`
 * ("Pay now" on an invoice that is already paid, 409: read it again, it will say so).
 */
export type InvoiceFailure = RequestFailure<'alreadyPaid', 'unknown' | 'expired'>;

/**
 * What the invoice page does after a failed call (src/lib/classify-failure.ts; service-api.md,
 * "Errors"; contract/checkout.ts: "Pay now" answers 409 for a paid invoice). Never throws.
 */
export function classifyInvoiceFailure(error: unknown): InvoiceFailure {
  return classifyFailure<'alreadyPaid', never>(error, {
    linkCodes: { [errorCodes.invalidCheckoutLink]: 'byStatus' },
    codes: { [errorCodes.conflict]: 'alreadyPaid' },
    statuses: { 409: 'alreadyPaid' },
  });
}
