import { type APIRequestContext, expect } from '@playwright/test';
import {
  type Endpoint,
  type EndpointAnswer,
  type EndpointInput,
  pathOf,
  queryStringOf,
  successStatusesOf,
} from '@smart/contracts';

/**
 * The browser tests' typed caller, for setting up records (what is tested goes through the UI):
 * an endpoint defined in contracts, called with its typed params, query and body as the bearer
 * `token`, expecting its success status; the answer as the web app's `api` gives it (the
 * envelope's `data`, or a paged list's rows and pagination). See docs/decisions/0241.
 */
export async function callEndpoint<E extends Endpoint>(
  request: APIRequestContext,
  token: string,
  definition: E,
  input: EndpointInput<E>,
  /** The statuses that will do (a deletion may find its record gone: 404); else its success statuses. */
  accept: readonly number[] = successStatusesOf(definition),
): Promise<EndpointAnswer<E>> {
  const { params, query, body } = input as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  const url = pathOf(definition, params) + queryStringOf(query);
  const response = await request.fetch(url, {
    method: definition.method,
    headers: { authorization: `Bearer ${token}` },
    ...(body !== undefined && { data: body }),
  });
  expect(accept, `${definition.method} ${url}: ${await response.text()}`).toContain(response.status());
  if (!successStatusesOf(definition).includes(response.status())) return undefined as EndpointAnswer<E>;
  const { data, pagination } = (await response.json()) as { data?: unknown; pagination?: unknown };
  return (pagination === undefined ? data : { data, pagination }) as EndpointAnswer<E>;
}
