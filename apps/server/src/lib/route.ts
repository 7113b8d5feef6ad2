import type { Endpoint } from '@smart/contracts';
import type {
  ContextConfigDefault,
  FastifyContextConfig,
  FastifyInstance,
  onRequestAsyncHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** An endpoint's schemas as Fastify reads them, so its handler's request and answer are typed from them. */
interface SchemaOf<E extends Endpoint> {
  params: E['params'];
  querystring: E['query'];
  body: E['body'];
  response: E['responses'];
}

export type EndpointHandler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<E>,
  ZodTypeProvider
>;

/** What a route adds to its endpoint's definition: server-side settings no client needs to know. */
export interface RouteSettings {
  /** `writeLimit`, `duringTwoFactorSetup` (`public`, a token's scope and a read's budget come from the endpoint). */
  config?: Omit<FastifyContextConfig, 'public' | 'tokenScope'>;
  bodyLimit?: number;
  /** Hooks run before the body is read (a route's own rate limits). */
  onRequest?: onRequestAsyncHookHandler[];
}

/**
 * Registers an endpoint defined in contracts: its method, path and schemas (validation, the compiled
 * response serializer, the OpenAPI operation) come from the definition, the handler from the domain.
 */
export function addRoute<const E extends Endpoint>(
  app: FastifyInstance,
  definition: E,
  handler: EndpointHandler<E>,
  settings: RouteSettings = {},
): void {
  app.route({
    method: definition.method,
    url: definition.path,
    schema: {
      operationId: definition.operationId,
      tags: [...definition.tags],
      summary: definition.summary,
      ...(definition.description && { description: definition.description }),
      ...(definition.params && { params: definition.params }),
      ...(definition.query && { querystring: definition.query }),
      ...(definition.body && { body: definition.body }),
      ...(definition.consumes && { consumes: [...definition.consumes] }),
      response: definition.responses,
    },
    config: {
      ...settings.config,
      ...(definition.public && { public: true }),
      ...(definition.budget && { writeLimit: definition.budget }),
      ...(definition.scope && { tokenScope: definition.scope }),
    },
    ...(settings.bodyLimit !== undefined && { bodyLimit: settings.bodyLimit }),
    ...(settings.onRequest && { onRequest: settings.onRequest }),
    // The handler's types come from the same schemas (EndpointHandler); Fastify's own route() cannot see them through E.
    handler: handler as RouteHandlerMethod,
  });
}
