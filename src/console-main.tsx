/**
 * Entry point of the sandbox console (`console.html`, below `/console`;
 * docs/decisions/0019-sandbox-console.md). Built apart from the hosted pages
 * (vite.console.config.ts): the console's React Router, its classic-zod contract modules and its
 * CSS never share a chunk, or a tree-shaken module, with a customer's page. Same query client,
 * same last-resort error view as the hosted pages.
 * @throws Error when `console.html` has no `#root` element.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from 'react-error-boundary';
import { BrowserRouter } from 'react-router';
import './app/app.css';
import { createQueryClient } from './app/query-client';
import { RootErrorView } from './app/root-error-view';
import './features/console/console.css';
import { ConsoleApp } from './features/console/console-app';

const container = document.getElementById('root');
if (container === null) throw new Error('console.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <ErrorBoundary FallbackComponent={RootErrorView}>
        <BrowserRouter>
          <ConsoleApp />
        </BrowserRouter>
      </ErrorBoundary>
    </QueryClientProvider>
  </StrictMode>,
);
