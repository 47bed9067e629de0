/**
 * The contract's route table (contract/routes.ts) in the order the API registers it, and lookups
 * by method and path (service-api.md, "Endpoints"). Paths use Hono's `:name` segments, as the
 * table writes them; a literal segment beats a parameter where both would match.
 */
import { TrieRouter } from 'hono/router/trie-router';
import { routes, type RouteName } from '../../contract/routes';

function literalSegments(path: string): number {
  return path.split('/').filter((segment) => segment !== '' && !segment.startsWith(':')).length;
}

/**
 * Every route name, most literal segments first: Hono answers with the first route registered
 * that matches, so `/subscriptions/direct-debit` must come before `/subscriptions/:subscriptionId`.
 */
export const routeNames: readonly RouteName[] = (Object.keys(routes) as RouteName[]).sort(
  (a, b) => literalSegments(routes[b].path) - literalSegments(routes[a].path),
);

const lookup = new TrieRouter<RouteName>();
for (const name of routeNames) lookup.add(routes[name].method, routes[name].path, name);

/** The route that answers `method` on `pathname` (as in `URL.pathname`), or null. */
export function findRoute(method: string, pathname: string): RouteName | null {
  const [matches] = lookup.match(method, pathname);
  return matches[0]?.[0] ?? null;
}

/** The methods the table has for `pathname`, sorted (the `Allow` header of a 405); may be empty. */
export function allowedMethods(pathname: string): string[] {
  const methods = new Set(routeNames.map((name) => routes[name].method));
  return [...methods].filter((method) => findRoute(method, pathname) !== null).sort();
}
