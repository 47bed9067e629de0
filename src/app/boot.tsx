/**
 * Starts the app (src/main.tsx imports this once the page's first downloads are under way): the
 * one query client, the page's first reads as its prefetches (first-requests.ts), and the app
 * mounted in `#root`.
 * @throws Error when `index.html` has no `#root` element.
 */
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { startFirstRequests } from './first-requests';
import { createQueryClient } from './query-client';

export function boot(): void {
  const container = document.getElementById('root');
  if (container === null) throw new Error('index.html has no #root element');
  const queryClient = createQueryClient();
  startFirstRequests(window.location.pathname, queryClient);
  // No <StrictMode>: Preact renders it as a fragment, so it checks nothing (decision 0031).
  createRoot(container).render(<App queryClient={queryClient} />);
}
