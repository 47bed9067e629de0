/**
 * The pages' routes: each page a lazy module, so a customer downloads only the page they opened;
 * any other path is "not found". Only routes that work are listed.
 *
 * Declarative routing (`<Routes>` inside `<BrowserRouter>`): the pages load their own data with
 * TanStack Query, so React Router's data APIs would only add weight to every first load
 * (docs/decisions/0006-setup-page-first-load.md).
 */
import { lazy, Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Route, Routes } from 'react-router';
import { PageLoading } from './page-loading';
import { RootErrorView } from './root-error-view';

const DirectDebitSetupRoute = lazy(async () => ({
  default: (await import('./routes/direct-debit-setup-route')).DirectDebitSetupRoute,
}));
const CheckoutRoute = lazy(async () => ({
  default: (await import('./routes/checkout-route')).CheckoutRoute,
}));
const InvoiceRoute = lazy(async () => ({
  default: (await import('./routes/invoice-route')).InvoiceRoute,
}));
const NotFoundRoute = lazy(async () => ({
  default: (await import('./routes/not-found-route')).NotFoundRoute,
}));

/** The route table, with the last-resort error view and the loading view around it. */
export function AppRoutes() {
  return (
    <ErrorBoundary FallbackComponent={RootErrorView}>
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route path="/direct-debit/setup" element={<DirectDebitSetupRoute />} />
          <Route path="/checkout/:paymentId" element={<CheckoutRoute />} />
          <Route path="/invoices/:invoiceId" element={<InvoiceRoute />} />
          <Route path="*" element={<NotFoundRoute />} />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
