/** The app's providers around the pages: server data (TanStack Query), the browser's URL, routes. */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './router';

export interface AppProps {
  queryClient: QueryClient;
}

export function App({ queryClient }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
