/**
 * The OpenAPI 3.1 description of the sandbox's API, generated from the contract's route table
 * (contract/routes.ts) and zod schemas with zod 4's `z.toJSONSchema` (JSON Schema 2020-12, the
 * dialect of OpenAPI 3.1), so it cannot drift from what the sandbox validates and answers
 * (docs/decisions/0016-reads-lists-and-paging.md). Served at `GET /api/v1/openapi.json`.
 *
 * Per route: path parameters (`:name` → `{name}`), the query schema's parameters, the JSON body
 * (the schema's input side), each success status the route declares (contract/route.ts,
 * `success`: 200, 201 for creates, 202 for queued work) with the response schema's output side,
 * and every documented failure by status with its codes (./route-answers.ts) in the documented
 * error shape (service-api.md, "Errors"), with the response headers (`x-request-id` on every
 * answer, `Idempotent-Replayed` on an idempotent replay, `Retry-After` on 429). Security: the secret
 * key as a bearer token, capability tokens in their headers (service-api.md, "Authentication" rules
 * 1 and 8).
 *
 * Named schemas (`components.schemas`, referenced with `$ref`): the resources (./components.ts),
 * the error shape and every webhook event; the `webhooks` section (OpenAPI 3.1) describes the POST
 * a merchant's endpoint receives for each of the twelve event kinds (service-api.md, "Events";
 * docs/decisions/0008-webhook-events.md). The shape of the document:
 * docs/decisions/0035-contract-document-and-console-reads.md.
 */
import { z } from 'zod';
import { checkoutTokenHeader } from '../../../contract/checkout';
import { directDebitTokenHeader } from '../../../contract/direct-debit';
import { requestIdHeader } from '../../../contract/errors';
import { eventTypes, webhookHeaders, type EventType } from '../../../contract/events';
import type { RouteAuth, RouteDef } from '../../../contract/route';
import { routes, type RouteName } from '../../../contract/routes';
import { openApiDocumentSchema } from '../../../contract/routes-openapi';
import type { HandlerContext, HandlerRegistry, HandlerResult } from '../../core/handler';
import { idempotentReplayedHeader } from '../../core/idempotency';
import {
  componentRefOf,
  eventComponentName,
  namedRequestSchemas,
  namedSchemas,
  schemaRef,
  type JsonSchema,
} from './components';
import { errorAnswersOf } from './route-answers';

/** JSON Schema of `schema` alone (query parameters), `$schema` removed. */
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

const requestIdHeaderRef = { $ref: '#/components/headers/RequestId' };

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

const successDescriptions: Record<number, string> = {
  200: 'Success',
  201: 'Created',
  202: "Accepted: queued; the outcome appears later (here: in the event's delivery log)",
};

/** The documented answers of route `name`: its success statuses, then its failures by status. */
function responsesOf(name: RouteName, route: RouteDef, response: JsonSchema): JsonSchema {
  const responses: Record<string, JsonSchema> = {};
  const successHeaders = {
    [requestIdHeader]: requestIdHeaderRef,
    ...(route.idempotent
      ? { [idempotentReplayedHeader]: { $ref: '#/components/headers/IdempotentReplayed' } }
      : {}),
  };
  for (const status of route.success ?? [200]) {
    responses[String(status)] = {
      description: successDescriptions[status],
      headers: successHeaders,
      content: { 'application/json': { schema: response } },
    };
  }
  const byStatus = new Map<number, ReturnType<typeof errorAnswersOf>>();
  for (const answer of errorAnswersOf(name, route)) {
    byStatus.set(answer.status, [...(byStatus.get(answer.status) ?? []), answer]);
  }
  for (const [status, answers] of [...byStatus].sort(([a], [b]) => a - b)) {
    const codes = answers.flatMap((answer) => (answer.code === null ? [] : [answer.code]));
    const anyWithoutCode = answers.some((answer) => answer.code === null);
    responses[String(status)] = {
      description: answers
        .map((answer) => `${answer.code ?? '(no code)'}: ${answer.when}`)
        .join('; '),
      headers: {
        [requestIdHeader]: requestIdHeaderRef,
        ...(status === 429 ? { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } : {}),
      },
      'x-error-codes': codes,
      content: {
        'application/json': {
          schema:
            codes.length === 0
              ? schemaRef('Error')
              : {
                  allOf: [schemaRef('Error')],
                  properties: { code: { type: 'string', enum: codes } },
                  ...(anyWithoutCode ? {} : { required: ['code'] }),
                },
        },
      },
    };
  }
  return responses;
}

function operationOf(
  name: RouteName,
  route: RouteDef,
  schemas: { request: JsonSchema | undefined; response: JsonSchema },
): JsonSchema {
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
    ...(route.liveOnly === true ? { description: 'Live-mode secret keys only.' } : {}),
    ...(route.scope === undefined ? {} : { 'x-scope': route.scope }),
    ...(schemas.request === undefined
      ? {}
      : {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: schemas.request } },
          },
        }),
    responses: responsesOf(name, route, schemas.response),
  };
}

/** `subscription.payment.success` → `subscriptionPaymentSuccess`. */
function camelOf(type: EventType): string {
  return type.replace(/[._](\w)/g, (_, letter: string) => letter.toUpperCase());
}

/**
 * The `webhooks` entry of event kind `type`: the signed POST the merchant's endpoint receives
 * (service-api.md, "Events"; docs/decisions/0008-webhook-events.md). Its body is the recorded
 * event, or a test event (`sample: true`) of that kind.
 */
function webhookOf(type: EventType): JsonSchema {
  const header = (name: string, description: string, schema: JsonSchema) => ({
    name,
    in: 'header',
    required: true,
    description,
    schema,
  });
  return {
    post: {
      operationId: `${camelOf(type)}Webhook`,
      summary: `${type} event`,
      tags: ['webhooks'],
      description:
        "Sent to the webhook endpoint of the event's mode. Verify X-Service-Signature over the raw body before parsing; deduplicate on `id` (retries and replays carry the same id).",
      security: [],
      parameters: [
        header(
          webhookHeaders.signature,
          'Lowercase hex HMAC-SHA256, keyed with the webhook secret, of timestamp + "." + raw body',
          { type: 'string', pattern: '^[0-9a-f]{64}$' },
        ),
        header(
          webhookHeaders.timestamp,
          'Unix time in seconds (decimal) when the attempt was sent',
          { type: 'string', pattern: '^[0-9]+$' },
        ),
        header(webhookHeaders.event, 'The event kind', { type: 'string', const: type }),
      ],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              oneOf: [schemaRef(eventComponentName(type)), schemaRef('SampleEvent')],
            },
          },
        },
      },
      responses: {
        '200': {
          description:
            'Any 2xx within 10 s delivers the event; any other answer, a timeout or a network error is a failed attempt, retried after 1 min, 5 min, 30 min, 2 h, 8 h and 24 h',
        },
      },
    },
  };
}

/**
 * The OpenAPI 3.1 document of every route of `table` (default: the whole contract), `servers`
 * pointing at `origin`, with the named schemas and the webhooks of every event kind.
 */
export function buildOpenApiDocument(
  origin: string,
  table: Readonly<Record<string, RouteDef>> = routes,
): JsonSchema {
  const entries = Object.entries(table) as [RouteName, RouteDef][];
  const responseOf = componentRefOf(
    'output',
    namedSchemas,
    entries.map(([, route]) => route.response),
  );
  const requestOf = componentRefOf(
    'input',
    namedRequestSchemas,
    entries.flatMap(([, route]) => (route.request === undefined ? [] : [route.request])),
  );
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [name, route] of entries) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    const operation = operationOf(name, route, {
      request: route.request === undefined ? undefined : requestOf.schemaOf(route.request),
      response: responseOf.schemaOf(route.response),
    });
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation };
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
    webhooks: Object.fromEntries(eventTypes.map((type) => [type, webhookOf(type)])),
    components: {
      schemas: { ...responseOf.components, ...requestOf.components },
      headers: {
        RequestId: {
          description:
            'The request id (req_…), also in every error body: quote it when asking for help',
          schema: { type: 'string' },
        },
        IdempotentReplayed: {
          description:
            '`true` when this answer replays the first one sent with the same Idempotency-Key (nothing was created)',
          schema: { type: 'string', const: 'true' },
        },
        RetryAfter: {
          description: 'Whole seconds to wait before trying again (at least 1)',
          schema: { type: 'integer', minimum: 1 },
        },
      },
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
