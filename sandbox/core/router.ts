/**
 * Route matching from the contract's route table (contract/routes.ts). Paths use `:name`
 * segments; a literal segment beats a parameter where both would match.
 */
import { errorCodes } from '../../contract/errors';
import { routes, type RouteName } from '../../contract/routes';
import { ApiError } from './api-error';

/** A matched route and its decoded path parameters. */
export interface RouteMatch {
  name: RouteName;
  params: Record<string, string>;
}

interface CompiledRoute {
  name: RouteName;
  method: string;
  segments: string[];
  literalCount: number;
}

const compiled: CompiledRoute[] = (Object.keys(routes) as RouteName[])
  .map((name) => {
    const segments = routes[name].path.split('/').slice(1);
    return {
      name,
      method: routes[name].method,
      segments,
      literalCount: segments.filter((s) => !s.startsWith(':')).length,
    };
  })
  // Most literal first, so `/subscriptions/direct-debit` wins over `/subscriptions/:id`.
  .sort((a, b) => b.literalCount - a.literalCount);

function matchPath(route: CompiledRoute, parts: readonly string[]): Record<string, string> | null {
  if (route.segments.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i += 1) {
    const pattern = route.segments[i] ?? '';
    const part = parts[i] ?? '';
    if (pattern.startsWith(':')) {
      if (part === '') return null;
      let decoded: string;
      try {
        decoded = decodeURIComponent(part);
      } catch {
        return null;
      }
      params[pattern.slice(1)] = decoded;
    } else if (pattern !== part) {
      return null;
    }
  }
  return params;
}

/**
 * The route for `method` and `pathname` (as in `URL.pathname`, not decoded).
 * @throws ApiError 404 NOT_FOUND when no route has this path; 405 METHOD_NOT_ALLOWED (with an
 *   `Allow` header) when routes have this path but not this method.
 */
export function matchRoute(method: string, pathname: string): RouteMatch {
  const parts = pathname.split('/').slice(1);
  const allowed: string[] = [];
  for (const route of compiled) {
    const params = matchPath(route, parts);
    if (params === null) continue;
    if (route.method === method) return { name: route.name, params };
    allowed.push(route.method);
  }
  if (allowed.length === 0) {
    throw new ApiError(404, `No API endpoint at ${pathname}`, { code: errorCodes.notFound });
  }
  const allow = [...new Set(allowed)].sort().join(', ');
  throw new ApiError(405, `${method} is not allowed on ${pathname}; use ${allow}`, {
    code: errorCodes.methodNotAllowed,
    headers: { allow },
  });
}
