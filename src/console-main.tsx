/**
 * Entry point of the sandbox console (`console.html`, below `/console`;
 * docs/decisions/0019-sandbox-console.md). Built apart from the hosted pages
 * (vite.console.config.ts): the console's React Router, its classic-zod contract modules and its
 * CSS never share a chunk, or a tree-shaken module, with a customer's page.
 * @throws Error when `console.html` has no `#root` element.
 */
import { createRoot } from 'react-dom/client';
import './app/app.css';
import { ConsoleRoot } from './app/console-root';
import { createQueryClient } from './app/query-client';

const container = document.getElementById('root');
if (container === null) throw new Error('console.html has no #root element');
// No <StrictMode>: Preact renders it as a fragment, so it checks nothing (decision 0031).
createRoot(container).render(<ConsoleRoot queryClient={createQueryClient()} />);
