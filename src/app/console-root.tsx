/**
 * The sandbox console's providers around its views (docs/decisions/0019-sandbox-console.md):
 * server data (the same TanStack Query client as the hosted pages), the last-resort error view,
 * and React Router, which only the console uses (it navigates between lists and their detail
 * pages; the hosted pages match three fixed paths, src/app/page-match.ts). Mounted by
 * src/console-main.tsx, the console's own entry and build.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ErrorBoundary } from 'react-error-boundary';
import { BrowserRouter } from 'react-router';
import '../features/console/console.css';
import { ConsoleApp } from '../features/console/console-app';
import { RootErrorView } from './root-error-view';

export interface ConsoleRootProps {
  queryClient: QueryClient;
}

export function ConsoleRoot({ queryClient }: ConsoleRootProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <ErrorBoundary FallbackComponent={RootErrorView}>
        <BrowserRouter>
          <ConsoleApp />
        </BrowserRouter>
      </ErrorBoundary>
    </QueryClientProvider>
  );
}
