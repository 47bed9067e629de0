/**
 * Starts the app (src/main.tsx imports this once the page's first downloads are under way): the
 * app mounted in `#root`. The page's query client, and its first reads' prefetches, start with
 * the root of server state (src/app/server-state.tsx), when the page renders inside it.
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
