import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { TOKEN_RESOURCE_LABELS, TOKEN_RESOURCES } from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { documentRoute, errorSchemas } from '../lib/openapi-operation.js';
import { API_TOKEN_SECURITY_SCHEME } from './auth.js';

const SCOPE_LIST = TOKEN_RESOURCES.map(
  (resource) => `\`${resource}:read\`, \`${resource}:write\` (${TOKEN_RESOURCE_LABELS[resource]})`,
).join('; ');

/** The OpenAPI document, generated from the routes' zod schemas, with Swagger UI at /api/docs. */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  for (const schema of errorSchemas) app.addSchema(schema);
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'S.M.A.R.T. API',
        description:
          'Business management platform: organizations, departments, teams and their people. ' +
          'Responses use the envelope {success: true, data} (lists add pagination) or ' +
          '{success: false, error, code, details?}; sign in with POST /api/users/login and send the token as a bearer. ' +
          'Scripts and integrations use an API token instead (Profile → API tokens, or an organization token): ' +
          '`curl -H "Authorization: Bearer smart_pat_…" https://smart.example.com/api/tickets`. A token acts with ' +
          "its scopes and its owner's rights now; an operation it lacks the scope of answers 403 " +
          '`{"code":"INSUFFICIENT_SCOPE","scope":"tickets:write"}`, one no token may reach 403 `TOKEN_NOT_ALLOWED`.',
        version: '1.0.0',
        license: { name: 'Proprietary (UNLICENSED): all rights reserved' },
      },
      // Relative: the API is served by the same server as this document.
      servers: [{ url: '/', description: 'The server that serves this document' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'Session token from POST /api/users/login' },
          [API_TOKEN_SECURITY_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'smart_pat_…',
            description:
              'An API token (`smart_pat_…`, shown once when made). Each operation names the scopes that let a ' +
              `token call it (any one of them); write includes read. Scopes: ${SCOPE_LIST}.`,
          },
        },
      },
    },
    transform: documentRoute,
    // Shared schemas keep their $id as the component name (BadRequestError, not def-0).
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
