/**
 * The OpenAPI 3.1 description of the sandbox's API, generated from the contract's route table
 * (contract/routes.ts) and zod schemas with zod 4's `z.toJSONSchema` (JSON Schema 2020-12, the
 * dialect of OpenAPI 3.1), so it cannot drift from what the sandbox validates and answers
 * (docs/decisions/0016-reads-lists-and-paging.md). Served at `GET /api/v1/openapi.json`.
 *
 * Per route: path parameters (`:name` → `{name}`), the query schema's parameters, the JSON body
 * (the schema's input side), the success answer (the response schema's output side: 200, and 201
 * too for POST creates) and the documented error shape for every other status
 * (service-api.md, "Errors"). Security: the secret key as a bearer token, capability tokens in
 * their headers (service-api.md, "Authentication" rules 1 and 8).
 */
import { z } from 'zod';
import { checkoutTokenHeader } from '../../../contract/checkout';
import { directDebitTokenHeader } from '../../../contract/direct-debit';
import { errorBodySchema } from '../../../contract/errors';
import type { RouteAuth, RouteDef } from '../../../contract/route';
import { routes } from '../../../contract/routes';
import { openApiDocumentSchema } from '../../../contract/routes-openapi';
import type { HandlerContext, HandlerRegistry, HandlerResult } from '../../core/handler';

type JsonSchema = Record<string, unknown>;

/** JSON Schema of `schema`: requests by what a client sends, responses by what it receives. */
function jsonSchema(schema: z.core.$ZodType, io: 'input' | 'output'): JsonSchema {
  const converted: JsonSchema = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    // Refinements and transforms (e.g. phone normalization) have no JSON Schema: described loosely.
    unrepresentable: 'any',
  });
  // OpenAPI 3.1 already fixes the dialect; a `$schema` in every inline schema is noise.
  delete converted.$schema;
  return converted;
}

const securityOf: Record<RouteAuth, Record<string, string[]>[]> = {
  secretKey: [{ secretKey: [] }],
  directDebitToken: [{ directDebitToken: [] }],
  checkoutToken: [{ checkoutToken: [] }],
  none: [],
};

const errorResponse = {
  description:
    'The documented error shape (service-api.md, "Errors"); quote requestId when asking for help',
  content: { 'application/json': { schema: jsonSchema(errorBodySchema, 'output') } },
};

function parametersOf(route: RouteDef): JsonSchema[] {
  const parameters: JsonSchema[] = [];
  for (const match of route.path.matchAll(/:(\w+)/g)) {
    parameters.push({ name: match[1], in: 'path', required: true, schema: { type: 'string' } });
  }
  if (route.query !== undefined) {
    const query = jsonSchema(route.query, 'input');
    const required = new Set(Array.isArray(query.required) ? query.required : []);
    const properties = z.record(z.string(), z.unknown()).parse(query.properties ?? {});
    for (const [parameter, schema] of Object.entries(properties)) {
      parameters.push({ name: parameter, in: 'query', required: required.has(parameter), schema });
    }
  }
  if (route.idempotent) {
    // Hosted writes take the key optionally, per link (docs/decisions/0023).
    const hosted = route.hostedIdempotency !== undefined;
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: !hosted,
      description: hosted
        ? 'Optional: an operation identifier of this link; a retry with the same key changes nothing twice'
        : 'A unique operation identifier; a retry with the same key changes nothing twice',
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    });
  }
  return parameters;
}

/** `/api/v1/<area>/…` → `<area>`; sandbox controls and hosted-page calls by their kind. */
function tagOf(path: string): string {
  if (path.startsWith('/sandbox/')) return 'sandbox controls';
  const area = /^\/api\/v1\/([^/]+)/.exec(path)?.[1];
  return area ?? 'hosted pages';
}

function operationOf(name: string, route: RouteDef): JsonSchema {
  const success = {
    description: 'Success',
    content: { 'application/json': { schema: jsonSchema(route.response, 'output') } },
  };
  return {
    operationId: name,
    // `listPlans` → "List plans": the route table's names are the operations' names.
    summary: name
      .replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`)
      .replace(/^./, (first) => first.toUpperCase()),
    tags: [tagOf(route.path)],
    security: securityOf[route.auth],
    parameters: parametersOf(route),
    ...(route.testOnly === true ? { description: 'Test-mode secret keys only.' } : {}),
    ...(route.scope === undefined ? {} : { 'x-scope': route.scope }),
    ...(route.request === undefined
      ? {}
      : {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(route.request, 'input') } },
          },
        }),
    responses: {
      '200': success,
      ...(route.method === 'POST' ? { '201': success } : {}),
      '4XX': errorResponse,
      '5XX': errorResponse,
    },
  };
}

/**
 * The OpenAPI 3.1 document of every route of `table` (default: the whole contract), `servers`
 * pointing at `origin`.
 */
export function buildOpenApiDocument(
  origin: string,
  table: Readonly<Record<string, RouteDef>> = routes,
): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [name, route] of Object.entries(table)) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(name, route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Merchant payments service: local sandbox',
      version: '1',
      description:
        'Generated from the contract (contract/routes.ts). Amounts are naira. See sandbox/README.md.',
    },
    servers: [{ url: origin }],
    paths,
    components: {
      securitySchemes: {
        secretKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'Authorization: Bearer osk_test_… or osk_live_…',
        },
        directDebitToken: { type: 'apiKey', in: 'header', name: directDebitTokenHeader },
        checkoutToken: { type: 'apiKey', in: 'header', name: checkoutTokenHeader },
      },
    },
  };
}

function getOpenApiDocument(
  context: HandlerContext<'getOpenApiDocument'>,
): HandlerResult<'getOpenApiDocument'> {
  const document = buildOpenApiDocument(context.services.publicOrigin);
  return { status: 200, body: openApiDocumentSchema.parse(document) };
}

/** Handlers of the OpenAPI description, by route name. */
export const openApiHandlers = {
  getOpenApiDocument: { run: getOpenApiDocument },
} satisfies HandlerRegistry;
