/** The app's providers around the pages: server data (TanStack Query), then the page the address opens. */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AppRoutes } from './router';

export interface AppProps {
  queryClient: QueryClient;
}

export function App({ queryClient }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppRoutes pathname={window.location.pathname} />
    </QueryClientProvider>
  );
}
