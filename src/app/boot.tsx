/**
 * Starts the app (src/main.tsx imports this once the page's first downloads are under way): on
 * the setup page, the page's query client with its first reads' prefetches as soon as the root of
 * server state has arrived (src/app/server-state.tsx, which its document preloads), so that its
 * first render finds its first answers in the cache already (without it, the first render would
 * show "Loading…" and the answers one frame later); then the app mounted in `#root`.
 * @throws Error when `index.html` has no `#root` element.
 */
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { pageFirstReadsAt } from './page-first-reads';

export function boot(): void {
  const container = document.getElementById('root');
  if (container === null) throw new Error('index.html has no #root element');
  // The setup page's first view renders inside the root of server state (its document preloads
  // it); the checkout and invoice pages draw theirs before it, and look at their first read
  // meanwhile, which the client's prefetch would take. A failed download is the page's to report.
  if (pageFirstReadsAt(window.location.pathname)?.page === 'directDebitSetup')
    import('./server-state').then(
      (module) => module.pageQueryClient(),
      () => undefined,
    );
  // No <StrictMode>: Preact renders it as a fragment, so it checks nothing (decision 0031).
  createRoot(container).render(<App />);
}
