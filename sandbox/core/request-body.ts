/**
 * Reading and checking request bodies (service-api.md, "Endpoints": bodies are JSON with
 * `Content-Type: application/json`).
 */
import { z } from 'zod';
import { errorCodes } from '../../contract/errors';
import { ApiError, sandboxErrorCodes } from './api-error';

// The hosted pages' schemas are `zod/mini` (docs/decisions/0018-first-load-bytes.md), which loads
// no messages of its own: the sandbox's validation messages are zod's English ones, as before.
z.config(z.locales.en());

/** Largest accepted request body, in bytes (64 KiB); larger bodies get 413. */
export const maxBodyBytes = 64 * 1024;

/** True for `application/json` and `application/<something>+json`, any parameters. */
function isJsonMediaType(contentType: string | null): boolean {
  if (contentType === null) return false;
  const mediaType = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  return mediaType === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType);
}

/** 413 PAYLOAD_TOO_LARGE: the body is over {@link maxBodyBytes}. */
export function payloadTooLarge(): ApiError {
  return new ApiError(413, `The request body is larger than ${maxBodyBytes / 1024} KB`, {
    code: sandboxErrorCodes.payloadTooLarge,
  });
}

/**
 * The body of `request` as parsed JSON, or `undefined` when the body is empty. Its size is
 * limited before (Hono's `bodyLimit` in composition/pipeline.ts, answering {@link payloadTooLarge}).
 * @throws ApiError 415 UNSUPPORTED_MEDIA_TYPE for
 *   a non-empty body without a JSON Content-Type; 400 INVALID_JSON for bytes that are not UTF-8
 *   JSON.
 */
export async function readJsonBody(request: Request): Promise<unknown> {
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength === 0) return undefined;
  if (!isJsonMediaType(request.headers.get('content-type'))) {
    throw new ApiError(415, 'Send the request body as JSON with Content-Type: application/json', {
      code: sandboxErrorCodes.unsupportedMediaType,
    });
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalidJson();
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalidJson();
  }
}

function invalidJson(): ApiError {
  return new ApiError(400, 'The request body is not valid JSON', { code: errorCodes.invalidJson });
}

function pathLabel(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

/** One line per problem, each naming the field: `customer.email: must be a valid e-mail address`. */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const lines: string[] = [];
  for (const issue of issues) {
    const field = pathLabel(issue.path);
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        lines.push(`${field === '' ? key : `${field}.${key}`}: unknown field`);
      }
    } else if (issue.code === 'invalid_type' && field === '') {
      lines.push('request body: must be a JSON object');
    } else if (issue.code === 'invalid_type' && issue.input === undefined) {
      lines.push(`${field}: is required`);
    } else if (issue.code === 'invalid_value' && issue.values.length > 1) {
      lines.push(
        `${field}: must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`,
      );
    } else {
      lines.push(`${field === '' ? 'request body' : field}: ${issue.message}`);
    }
  }
  return lines.join('; ');
}

/**
 * `value` parsed with `schema`.
 * @throws ApiError 400 VALIDATION_FAILED whose message names every offending field.
 */
export function validateBody<S extends z.core.$ZodType>(schema: S, value: unknown): z.output<S> {
  // reportInput tells a missing field (no input) from a wrong type; inputs never reach the message.
  // The functional form parses classic and `zod/mini` schemas alike.
  const result = z.safeParse(schema, value, { reportInput: true });
  if (result.success) return result.data;
  throw new ApiError(400, `Validation failed: ${describeIssues(result.error.issues)}`, {
    code: errorCodes.validationFailed,
  });
}
