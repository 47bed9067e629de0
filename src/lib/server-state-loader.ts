/**
 * How a page reaches the root of server state (TanStack Query's provider, src/app/server-state.tsx)
 * without holding the query library in its first view (docs/decisions/0028, second addendum of
 * issue 25). The app (src/app/app.tsx) provides the loader; a page whose first view is drawn
 * before the query library has arrived (every hosted page) loads the root with it, and renders its
 * live flow inside it once both have arrived. Holds no code of the query library itself.
 */
import { createContext, type ComponentType, type ReactNode } from 'react';

/** The root of server state: renders its children inside the page's one query client. */
export type ServerStateRoot = ComponentType<{ children: ReactNode }>;

/**
 * Loads the root of server state (a dynamic import, once per page). The default, outside the
 * app, refuses: a page rendered without the app has no server state.
 */
export const ServerStateLoader = createContext<() => Promise<ServerStateRoot>>(() =>
  Promise.reject(new Error('No server state: render the page inside the app (src/app/app.tsx)')),
);
