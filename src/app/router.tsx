/**
 * The pages: each a lazy module, so a customer downloads only the page they opened; any other
 * path is "not found" (the sandbox console is a build of its own: src/console-main.tsx). Only pages
 * that work are listed. The address is matched once, when the app
 * mounts (src/app/page-match.ts): moving to another page is always a full document load.
 */
import { lazy, Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { loadCheckoutRoute, loadDirectDebitSetupRoute, loadInvoiceRoute } from './first-downloads';
import { PageLoading } from './page-loading';
import { matchPage } from './page-match';
import { RootErrorView } from './root-error-view';

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

function MatchedPage({ pathname }: { pathname: string }) {
  const match = matchPage(pathname);
  switch (match.page) {
    case 'directDebitSetup':
      return <DirectDebitSetupRoute />;
    case 'checkout':
      return <CheckoutRoute paymentId={match.paymentId} />;
    case 'invoice':
      return <InvoiceRoute invoiceId={match.invoiceId} />;
    case 'notFound':
      return <NotFoundRoute />;
  }
}

/** The page at `pathname`, with the last-resort error view and the loading view around it. */
export function AppRoutes({ pathname }: { pathname: string }) {
  return (
    <ErrorBoundary FallbackComponent={RootErrorView}>
      <Suspense fallback={<PageLoading />}>
        <MatchedPage pathname={pathname} />
      </Suspense>
    </ErrorBoundary>
  );
}
