import type { z } from 'zod';
import type { TokenScope } from './api-tokens.js';
import type { WriteLimitGroup } from './limits.js';

/*
 * Every HTTP endpoint is defined once, here in contracts: its method and path, what it takes and
 * what it answers. The server registers it from this definition (apps/server/src/lib/route.ts), the
 * OpenAPI document is made from the same schemas, and the web app calls it with `api(endpoint, …)`
 * (apps/web/src/lib/api-client.ts), typed from them. No path is written anywhere else.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint {
  method: HttpMethod;
  /** Fastify's syntax: `/api/tasks/:id`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body; a multipart form has none here (its route reads the parts). */
  body?: z.ZodType;
  /** The body's media types when not JSON alone: a multipart form (files and text fields). */
  consumes?: readonly ('application/json' | 'multipart/form-data' | 'application/x-www-form-urlencoded')[];
  /** The answers by status: the one success status, and any error status documented with its own schema. */
  responses: { [status: number]: z.ZodType };
  /** Reachable without a session (sign-in, health, a public file link). */
  public?: true;
  /**
   * The per-user budget (WRITE_LIMITS_PER_MINUTE's group) a read counts against, as writes do:
   * the exports, each reading a whole list (decision 0199). A write's group is the server's.
   */
  budget?: WriteLimitGroup;
  /**
   * The scope an API token needs here (decision 0276), or `never`: a route only a signed-in person
   * reaches (credentials, two-factor, token management, the person's own notifications). Every
   * endpoint that is not `public` names one. A list means any one of them: a file's routes, whose
   * record (a task's, a ticket's, a message's) then decides by its own read rule.
   */
  scope?: TokenScope | readonly TokenScope[] | 'never';
}

/** Keeps the literal types of a definition (its path, its schemas) for the server and the client. */
export const endpoint = <const E extends Endpoint>(definition: E): E => definition;

type SuccessStatus = 200 | 201 | 202 | 204;
/** The schema of an endpoint's success answer. */
export type SuccessSchema<E extends Endpoint> = E['responses'][Extract<keyof E['responses'], SuccessStatus>];
/** An endpoint's success answer, as sent (the whole envelope). */
export type SuccessBody<E extends Endpoint> = z.output<SuccessSchema<E>>;

/** A part of a call: required when its schema has a required field, optional when none, absent without a schema. */
type Part<Name extends string, Schema> = Schema extends z.ZodType
  ? object extends z.input<Schema>
    ? { [K in Name]?: z.input<Schema> }
    : { [K in Name]: z.input<Schema> }
  : { [K in Name]?: never };

/** What a caller passes: the path's params, the query and the JSON body, as their schemas take them. */
export type EndpointInput<E extends Endpoint> = Part<'params', E['params']> &
  Part<'query', E['query']> &
  Part<'body', E['body']>;

/** What a caller gets: a paged list's rows and pagination, else the envelope's `data`. */
export type EndpointAnswer<E extends Endpoint> =
  SuccessBody<E> extends { data: infer Data; pagination: infer Pagination }
    ? { data: Data; pagination: Pagination }
    : SuccessBody<E> extends { data: infer Data }
      ? Data
      : SuccessBody<E>;

/**
 * The success statuses an endpoint defines (the 2xx of its responses; an assignment answers 201
 * when made, 200 when it was there): what a caller expects. A file answer (a CSV export) documents
 * none: 200.
 */
export function successStatusesOf(definition: Pick<Endpoint, 'responses'>): number[] {
  const statuses = Object.keys(definition.responses)
    .map(Number)
    .filter((code) => code >= 200 && code < 300);
  return statuses.length > 0 ? statuses : [200];
}

/** The path with its `:name` segments filled from params, each encoded. */
export function pathOf(definition: Pick<Endpoint, 'path'>, params?: Record<string, unknown>): string {
  return definition.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${definition.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The query string (with its `?`) of the defined values; arrays repeat their key. */
export function queryStringOf(query?: Record<string, unknown>): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
