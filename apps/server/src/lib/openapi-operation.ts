import type { SwaggerTransform } from '@fastify/swagger';
import { ERROR_STATUS, type ErrorCode, errorResponse, type TokenScope } from '@smart/contracts';
import type { FastifyContextConfig, FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_TOKEN_SECURITY_SCHEME, bearerAuth } from '../plugins/auth.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session (sign-in, health, docs, public files by key). */
    public?: boolean;
    /**
     * Reachable by a session that must set up a second factor first (its organization requires
     * one): setting it up, the own profile and signing out. Every other route answers 403.
     */
    duringTwoFactorSetup?: boolean;
    /**
     * The scope an API token needs here (the endpoint's `scope`, decision 0276). A route without
     * one is refused to every token (TOKEN_NOT_ALLOWED), as is one that says `never`.
     */
    tokenScope?: TokenScope | readonly TokenScope[] | 'never';
  }
}

type ErrorStatus = (typeof ERROR_STATUS)[ErrorCode];

/** What each client error means to a caller of this API (the body always carries the user's message). */
const ERROR_MEANINGS: Partial<Record<ErrorStatus, string>> = {
  400: 'Invalid input: the message for the user in `error`, each invalid field in `details`',
  401: 'No session: the bearer token is missing, expired or revoked',
  403: 'Signed in, but not allowed to do this; or the organization requires a second factor the user has not set up yet (TWO_FACTOR_SETUP_REQUIRED); or an API token lacks the scope named in `scope` (INSUFFICIENT_SCOPE) or may never call this (TOKEN_NOT_ALLOWED)',
  404: "Not found, or a record of another organization (never told apart); also for an id that isn't one",
  409: 'Conflicts with existing data',
  410: 'Gone for good: an expired download link',
  413: 'Too large',
  415: 'Unsupported content type',
  429: 'Too many requests or attempts; try again after the seconds in the Retry-After header',
};

const codesOf = (status: number) =>
  (Object.keys(ERROR_STATUS) as ErrorCode[]).filter((code) => ERROR_STATUS[code] === status);

/** BAD_REQUEST -> BadRequestError: the name a generated client gives the type. */
const schemaIdOf = (code: ErrorCode) =>
  `${code.toLowerCase().replace(/(^|_)([a-z])/g, (_, __, letter: string) => letter.toUpperCase())}Error`;

/**
 * The error envelope the error handler sends with each client error status, its code(s) pinned:
 * shared schemas (app.addSchema) that the document defines once and every operation refers to.
 */
const errorSchemaByStatus = new Map(
  Object.entries(ERROR_MEANINGS).map(([status, description]) => {
    const [first, ...rest] = codesOf(Number(status));
    if (!first) throw new Error(`No error code has status ${status}`);
    const envelope = errorResponse.extend({ code: z.enum([first, ...rest]) });
    const schema = {
      ...z.toJSONSchema(envelope, { target: 'openapi-3.0', io: 'output' }),
      $id: schemaIdOf(first),
      description,
    };
    return [Number(status), schema] as const;
  }),
);
export const errorSchemas = [...errorSchemaByStatus.values()];

function errorReference(status: number) {
  const schema = errorSchemaByStatus.get(status);
  if (!schema) throw new Error(`No documented client error for status ${status}`);
  return { $ref: `${schema.$id}#` };
}

const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * The client errors of a route: the ones it declares (403, 409 ... its handler raises) and the ones
 * every route of its kind can answer: 400 for input, 401 without a session, 403 while a second
 * factor must be set up, 404 for a path id, 413 and 415 for a JSON body, 429 for a write over its
 * per-user limit (plugins/write-limits.ts).
 */
function clientErrors(
  schema: FastifySchema,
  isPublic: boolean,
  method: string | string[],
  duringTwoFactorSetup: boolean,
): number[] {
  const isWrite = (Array.isArray(method) ? method : [method]).some((one) => WRITE_METHODS.includes(one.toUpperCase()));
  // A 5xx a route declares has a body of its own (readiness's 503 says what is down).
  const declared = Object.keys(schema.response ?? {})
    .map(Number)
    .filter((status) => status >= 400 && status < 500);
  const takesInput = Boolean(schema.body || schema.querystring || schema.consumes);
  const inherent = [
    ...(takesInput ? [400] : []),
    ...(isPublic ? [] : [401]),
    // Refused to a session that must set up its second factor first (plugins/auth.ts).
    ...(isPublic || duringTwoFactorSetup ? [] : [403]),
    ...(schema.params ? [404] : []),
    // A JSON body over the size limit, or a body of another type.
    ...(schema.body ? [413, 415] : []),
    ...(isWrite && !isPublic ? [429] : []),
  ];
  return [...new Set([...declared, ...inherent])].sort((a, b) => a - b);
}

/** The scopes an API token may use a route with (any one of them), or none: a route no token reaches. */
function scopesOf(scope: FastifyContextConfig['tokenScope']): string[] | undefined {
  if (scope === undefined || scope === 'never') return undefined;
  return typeof scope === 'string' ? [scope] : [...scope];
}

/** A route called with an API token, as a shell user would type it. */
function curlExample(method: string | string[], url: string, schema: FastifySchema): string {
  const verb = (Array.isArray(method) ? method[0] : method) ?? 'GET';
  const path = url.replace(/:([A-Za-z]+)/g, '{$1}');
  const lines = [
    `curl${verb === 'GET' ? '' : ` -X ${verb}`} "https://smart.example.com${path}"`,
    '  -H "Authorization: Bearer $SMART_TOKEN"',
  ];
  if (schema.body && !schema.consumes) lines.push("  -H 'Content-Type: application/json'", "  -d '{…}'");
  if (schema.consumes) lines.push('  -F "file=@report.pdf"');
  return lines.join(' \\\n');
}

/**
 * Swagger transform: each route's security from its `public` marker (deny by default) and its
 * API token scopes (decision 0276: a session, or a token with any one of them; a route no token
 * reaches lists the session only), a curl example with a token, and its client errors in the one error envelope, then zod -> JSON Schema as before.
 */
export const documentRoute: SwaggerTransform = (input) => {
  const { route } = input;
  // A route without a schema still gets its security and client errors documented.
  const schema: FastifySchema = input.schema ?? {};
  if (schema.hide) return jsonSchemaTransform(input);
  const isPublic = route.config?.public === true;
  const errors = clientErrors(schema, isPublic, route.method, route.config?.duringTwoFactorSetup === true);
  const success = Object.fromEntries(
    Object.entries(schema.response ?? {}).filter(([status]) => !errors.includes(Number(status))),
  );
  const tokenScopes = scopesOf(route.config?.tokenScope);
  const transformed = jsonSchemaTransform({
    ...input,
    schema: {
      ...schema,
      security: isPublic
        ? []
        : tokenScopes
          ? [...bearerAuth, { [API_TOKEN_SECURITY_SCHEME]: tokenScopes }]
          : bearerAuth,
      ...(tokenScopes && {
        'x-codeSamples': [{ lang: 'Shell', label: 'curl', source: curlExample(route.method, route.url, schema) }],
      }),
      response: success,
    },
  });
  const documented = (transformed.schema.response ?? {}) as Record<string, unknown>;
  for (const status of errors) documented[status] = errorReference(status);
  // A route without a declared success body (a file download) still answers 200; `null` means no JSON body.
  if (!Object.keys(documented).some((status) => status.startsWith('2'))) {
    documented[200] = { type: 'null', description: 'Success' };
  }
  return { ...transformed, schema: { ...transformed.schema, response: documented } };
};
