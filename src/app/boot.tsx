/**
 * Starts the app (src/main.tsx imports this once the page's first downloads are under way): the
 * app mounted in `#root`. Every hosted page draws its first view before the root of server state
 * (src/app/server-state.tsx) has arrived, looking at its first reads meanwhile, which the query
 * client's prefetches take later (docs/decisions/0028, second addendum of issue 25).
 * @throws Error when `index.html` has no `#root` element.
 */
import { createRoot } from 'react-dom/client';
import { App } from './app';

export function boot(): void {
  const container = document.getElementById('root');
  if (container === null) throw new Error('index.html has no #root element');
  // No <StrictMode>: Preact renders it as a fragment, so it checks nothing (decision 0031).
  createRoot(container).render(<App />);
}
