import {
  type Endpoint,
  type EndpointInput,
  type ErrorResponse,
  pathOf,
  queryStringOf,
  type SuccessBody,
  successStatusesOf,
} from '@smart/contracts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';

/**
 * The typed caller of API tests (docs/decisions/0241): `t.call(taskEndpoints.get, { params: { id }, as })`
 * builds the request from the endpoint's definition in contracts (method, path, query, JSON body,
 * each typed by its schema) and reads the answer as its schema types it. A handful of tests keep
 * literal URLs on purpose, as an outside client would write them (the decision names them).
 */

/** How a test signs a call: as whom (helpers/app.ts's Caller), and any more headers. */
export interface CallOptions<Caller> {
  as?: Caller;
  token?: string;
  headers?: Record<string, string>;
}

/** What a call answered: its status and headers, and its body read as the endpoint's schemas type it. */
export interface Called<E extends Endpoint> {
  status: number;
  headers: LightMyRequestResponse['headers'];
  /** The success envelope; reading it after another status fails the test with the server's answer. */
  readonly body: SuccessBody<E>;
  /** The success envelope's `data` (a paged list's rows); fails the test like `body`. */
  readonly data: SuccessBody<E> extends { data: infer Data } ? Data : never;
  /** The refusal (`error`, `code`, `details`); reading it after a success fails the test. */
  readonly refusal: ErrorResponse;
  /** The raw answer (a CSV's text, a file's bytes). */
  response: LightMyRequestResponse;
}

type Request<Caller> = (options: InjectOptions & CallOptions<Caller>) => Promise<LightMyRequestResponse>;

/** Calls `definition` through `request` (TestApp.request: injected, signed as `as` or `token`). */
export async function callEndpoint<E extends Endpoint, Caller>(
  request: Request<Caller>,
  definition: E,
  input: EndpointInput<E> & CallOptions<Caller>,
): Promise<Called<E>> {
  const { params, query, body, ...signing } = input as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
  } & CallOptions<Caller>;
  const url = pathOf(definition, params) + queryStringOf(query);
  const response = await request({
    method: definition.method,
    url,
    ...signing,
    ...(body !== undefined && { payload: body as InjectOptions['payload'] }),
  });
  const successes = successStatusesOf(definition);
  const success = successes.includes(response.statusCode);
  const failed = (wanted: string) =>
    new Error(`${definition.method} ${url} answered ${response.statusCode}, not ${wanted}: ${response.body}`);
  const successBody = () => {
    if (!success) throw failed(successes.join(' or '));
    return response.json() as SuccessBody<E>;
  };
  return {
    status: response.statusCode,
    headers: response.headers,
    response,
    get body() {
      return successBody();
    },
    get data() {
      return (successBody() as { data: Called<E>['data'] }).data;
    },
    get refusal() {
      if (success) throw failed('a refusal');
      return response.json() as ErrorResponse;
    },
  };
}
