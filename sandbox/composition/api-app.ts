/**
 * The API as a Hono app (docs/decisions/0014-sandbox-on-hono.md): one route per entry of the
 * contract's route table (contract/routes.ts), each running the steps of composition/pipeline.ts. A new
 * route in the table needs a handler in composition/registry.ts and nothing here.
 *
 * A path the table does not know is 404 NOT_FOUND; a known path with another method is 405
 * METHOD_NOT_ALLOWED with `Allow`. Every failure has the documented shape with `requestId`
 * (service-api.md, "Errors"), rendered by core/api-error.ts.
 */
import { Hono } from 'hono';
import { errorCodes } from '../../contract/errors';
import { routes, type RouteDef } from '../../contract/routes';
import { serveUploadedLogo, uploadedLogoRoute } from '../features/merchants/branding';
import { ApiError, errorResponse } from '../core/api-error';
import type { SandboxServices } from '../core/handler';
import {
  authenticate,
  idempotencyKey,
  logRequest,
  readBody,
  requestClock,
  runHandler,
  startRequest,
  type ApiEnv,
} from './pipeline';
import { allowedMethods, routeNames } from '../core/route-table';

/** What the API needs from the sandbox besides its services. */
export interface ApiHooks {
  runDueWork(): void;
  isClosed(): boolean;
  /**
   * Told about every unexpected exception (a 500) with its request id and where it happened
   * (`METHOD /path`).
   */
  onUnexpectedError(error: unknown, requestId: string, where: string): void;
}

/** The ApiError for a request no route of the table answers: 404, or 405 with `Allow`. */
function noRoute(method: string, pathname: string): ApiError {
  const allowed = allowedMethods(pathname);
  if (allowed.length === 0) {
    return new ApiError(404, `No API endpoint at ${pathname}`, { code: errorCodes.notFound });
  }
  const allow = allowed.join(', ');
  return new ApiError(405, `${method} is not allowed on ${pathname}; use ${allow}`, {
    code: errorCodes.methodNotAllowed,
    headers: { allow },
  });
}

/** The API app; `app.fetch(request, { clientIp })` answers one request. */
export function createApiApp(services: SandboxServices, hooks: ApiHooks): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.use(startRequest(services.clocks, hooks));
  // Not a JSON route of the table: the bytes of an uploaded logo (docs/decisions/0022).
  app.get(uploadedLogoRoute, (c) => serveUploadedLogo(services.db, c));
  for (const name of routeNames) {
    const route: RouteDef = routes[name];
    app.on(
      route.method,
      route.path,
      logRequest(name, services, hooks),
      authenticate(route, services.db),
      requestClock,
      idempotencyKey(route),
      readBody(route),
      runHandler(name, route, services),
    );
  }
  app.all('*', (c) => {
    throw noRoute(c.req.method, new URL(c.req.url).pathname);
  });
  app.onError((error, c) => {
    const requestId = c.get('requestId');
    if (!(error instanceof ApiError)) {
      hooks.onUnexpectedError(error, requestId, `${c.req.method} ${new URL(c.req.url).pathname}`);
    }
    let timestamp: Date;
    try {
      // The caller's mode when it was known, else the base clock.
      timestamp = services.clocks.clockFor(c.get('mode') ?? 'live').now();
    } catch {
      timestamp = new Date();
    }
    return errorResponse(error, { requestId, path: new URL(c.req.url).pathname, timestamp });
  });
  return app;
}
