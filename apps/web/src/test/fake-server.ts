import { type Endpoint, ERROR_STATUS, type ErrorCode, type ErrorResponse, type SuccessBody } from '@smart/contracts';
import { vi } from 'vitest';
import type { z } from 'zod';

/**
 * The server side of a component test: each request the web app's API client sends (fetch, as in
 * the browser) is answered by the handler registered for its endpoint, typed from the endpoint's
 * definition in contracts. The component, its query hooks and the API client run for real; only
 * the network's answer is given. A request no handler answers fails the test (setup.ts names it).
 */

type Schema<S> = S extends z.ZodType ? z.output<S> : undefined;

/** A request as the server reads it: the path's params, the query's values (strings) and the JSON body. */
export interface FakeRequest<E extends Endpoint> {
  params: Schema<E['params']> extends undefined ? Record<string, never> : Record<keyof Schema<E['params']>, string>;
  query: URLSearchParams;
  body: E['body'] extends z.ZodType ? z.input<E['body']> : undefined;
}

/** A refusal as the server sends it: status, message, code and the fields it is about. */
export interface Refusal {
  readonly refusal: true;
  readonly status: number;
  readonly body: ErrorResponse;
}

/** What a handler answers: the endpoint's success envelope, or a refusal. */
export type Handler<E extends Endpoint> = (request: FakeRequest<E>) => SuccessBody<E> | Refusal;

/** A refusal: `refuse('BAD_REQUEST', message, [{ path: 'topic', message }])`. */
export function refuse(code: ErrorCode, error: string, details?: ErrorResponse['details']): Refusal {
  return {
    refusal: true,
    status: ERROR_STATUS[code],
    body: { success: false, error, code, ...(details && { details }) },
  };
}

const isRefusal = (answer: unknown): answer is Refusal =>
  typeof answer === 'object' && answer !== null && 'refusal' in answer;

/** The envelope of a success answering `data`. */
export const ok = <T>(data: T) => ({ success: true as const, data });

interface Route {
  method: string;
  status: number;
  pattern: RegExp;
  names: string[];
  handler: (request: FakeRequest<Endpoint>) => unknown;
}

/** A path like `/api/advisors/:advisorId/slots` as a pattern whose groups are its params. */
function routeOf(definition: Endpoint, handler: Route['handler']): Route {
  const names: string[] = [];
  const source = definition.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:([A-Za-z]+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const status = Object.keys(definition.responses)
    .map(Number)
    .find((code) => code >= 200 && code < 300);
  return { method: definition.method, status: status ?? 200, pattern: new RegExp(`^${source}$`), names, handler };
}

export interface SentRequest {
  method: string;
  url: string;
  body: unknown;
}

export interface FakeServer {
  /** Answers every later request to `definition` with `handler` (the last one registered wins). */
  answer<const E extends Endpoint>(definition: E, handler: Handler<E>): void;
  /** The requests sent so far, in order. */
  readonly sent: SentRequest[];
}

/** Requests that no handler answered (each answered 501): setup.ts fails the test that sent them. */
export const unanswered: string[] = [];

/** Installs the fake server as the page's fetch until the test ends (setup.ts restores it). */
export function fakeServer(): FakeServer {
  const routes: Route[] = [];
  const sent: SentRequest[] = [];
  const respond = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    sent.push({ method, url: `${url.pathname}${url.search}`, body });
    for (const route of [...routes].reverse()) {
      const match = method === route.method ? route.pattern.exec(url.pathname) : null;
      if (!match) continue;
      const params = Object.fromEntries(
        route.names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]),
      );
      const answer = route.handler({ params, query: url.searchParams, body } as FakeRequest<Endpoint>);
      return isRefusal(answer) ? respond(answer.status, answer.body) : respond(route.status, answer);
    }
    unanswered.push(`${method} ${url.pathname}${url.search}`);
    return respond(501, { success: false, error: 'No handler in this test', code: 'INTERNAL' });
  });

  return {
    answer(definition, handler) {
      routes.push(routeOf(definition, handler as Route['handler']));
    },
    sent,
  };
}
