import type { SwaggerTransform } from '@fastify/swagger';
import { ERROR_STATUS, type ErrorCode, errorResponse } from '@smart/contracts';
import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth } from '../plugins/auth.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session (sign-in, health, docs, public files by key). */
    public?: boolean;
  }
}

type ErrorStatus = (typeof ERROR_STATUS)[ErrorCode];

/** What each client error means to a caller of this API (the body always carries the user's message). */
const ERROR_MEANINGS: Partial<Record<ErrorStatus, string>> = {
  400: 'Invalid input: the message for the user in `error`, each invalid field in `details`',
  401: 'No session: the bearer token is missing, expired or revoked',
  403: 'Signed in, but not allowed to do this',
  404: "Not found, or a record of another organization (never told apart); also for an id that isn't one",
  409: 'Conflicts with existing data',
  413: 'Too large',
  415: 'Unsupported content type',
  429: 'Too many attempts; try again later',
};

const codesOf = (status: number) =>
  (Object.keys(ERROR_STATUS) as ErrorCode[]).filter((code) => ERROR_STATUS[code] === status);

/** The error envelope the error handler sends with this status, with its code(s) pinned. */
function documentedError(status: number) {
  const [first, ...rest] = codesOf(status);
  const meaning = ERROR_MEANINGS[status as ErrorStatus];
  if (!first || !meaning) throw new Error(`No documented client error for status ${status}`);
  return {
    description: meaning,
    content: { 'application/json': { schema: errorResponse.extend({ code: z.enum([first, ...rest]) }) } },
  };
}

/**
 * The client errors of a route: the ones it declares (403, 409 ... its handler raises) and the ones
 * every route of its kind can answer: 400 for input, 401 without a session, 404 for a path id.
 */
function clientErrors(schema: FastifySchema, isPublic: boolean): number[] {
  const declared = Object.keys(schema.response ?? {})
    .map(Number)
    .filter((status) => status >= 400);
  const takesInput = Boolean(schema.body || schema.querystring || schema.consumes);
  const inherent = [...(takesInput ? [400] : []), ...(isPublic ? [] : [401]), ...(schema.params ? [404] : [])];
  return [...new Set([...declared, ...inherent])].sort();
}

/**
 * Swagger transform: each route's security from its `public` marker (deny by default) and its
 * client errors in the one error envelope, then zod -> JSON Schema as before.
 */
export const documentRoute: SwaggerTransform = (input) => {
  const { schema, route } = input;
  if (!schema || schema.hide) return jsonSchemaTransform(input);
  const isPublic = route.config?.public === true;
  const response: Record<string, unknown> = { ...(schema.response as Record<string, unknown> | undefined) };
  for (const status of clientErrors(schema, isPublic)) response[status] = documentedError(status);
  const transformed = jsonSchemaTransform({
    ...input,
    schema: { ...schema, security: isPublic ? [] : bearerAuth, response },
  });
  const documented = transformed.schema.response as Record<string, unknown>;
  // A route without a declared success body (a file download) still answers 200; `null` means no JSON body.
  if (!Object.keys(documented).some((status) => status.startsWith('2'))) {
    documented[200] = { type: 'null', description: 'Success' };
  }
  return transformed;
};
