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
import { hostedPagePaths } from '../../contract/hosted-links';
import { PageLoading } from './page-loading';
import { RootErrorView } from './root-error-view';

// Each page's route module (and what it imports). Called by the lazy route itself and, earlier,
// by the entry for the page in the address bar (src/app/first-requests.ts); the browser fetches
// a module once however often it is imported.
export const loadDirectDebitSetupRoute = () => import('./routes/direct-debit-setup-route');
export const loadCheckoutRoute = () => import('./routes/checkout-route');
export const loadInvoiceRoute = () => import('./routes/invoice-route');

const DirectDebitSetupRoute = lazy(async () => ({
  default: (await loadDirectDebitSetupRoute()).DirectDebitSetupRoute,
}));
const CheckoutRoute = lazy(async () => ({
  default: (await loadCheckoutRoute()).CheckoutRoute,
}));
const InvoiceRoute = lazy(async () => ({
  default: (await loadInvoiceRoute()).InvoiceRoute,
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
          <Route path={hostedPagePaths.directDebitSetup} element={<DirectDebitSetupRoute />} />
          <Route path={hostedPagePaths.checkout} element={<CheckoutRoute />} />
          <Route path={hostedPagePaths.invoice} element={<InvoiceRoute />} />
          <Route path="*" element={<NotFoundRoute />} />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
