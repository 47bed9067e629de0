/**
 * `GET /api/v1/openapi.json`: the OpenAPI 3.1 description of every route of the table, generated
 * from the route table and its zod schemas (sandbox/features/openapi/openapi-document.ts), never
 * written by hand. No key: it describes the API, it holds no merchant data.
 */
import { z } from 'zod';
import { route, type RouteDef } from './route';

/** The document's top level; the rest is checked by the OpenAPI validator in the tests. */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.literal('3.1.0'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

export const openApiRoutes = {
  getOpenApiDocument: route({
    method: 'GET',
    path: '/api/v1/openapi.json',
    auth: 'none',
    idempotent: false,
    response: openApiDocumentSchema,
  }),
} as const satisfies Record<string, RouteDef>;
