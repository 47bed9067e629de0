/**
 * The query client the app was given (`App`'s `queryClient`: each test gives its own), for the
 * root of server state (src/app/server-state.tsx) to use instead of the page's own. Only the
 * client's type: this module is in every page's first view, the query library is not.
 */
import type { QueryClient } from '@tanstack/react-query';
import { createContext } from 'react';

/** The given query client, or null: the page then makes its own, once. */
export const GivenQueryClient = createContext<QueryClient | null>(null);
