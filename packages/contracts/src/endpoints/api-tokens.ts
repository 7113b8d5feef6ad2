import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import {
  apiTokenListQuery,
  apiTokenPage,
  apiTokenSchema,
  createApiTokenBody,
  createdApiTokenSchema,
  updateApiTokenBody,
} from '../schemas/api-tokens.js';
import { envelope, errorResponse, idParams, idSchema, messageEnvelope, pageQuery } from '../schemas/common.js';

const tags = ['API tokens'];
const organizationParams = z.object({ organizationId: idSchema });
const ONCE = 'The answer holds the secret (`smart_pat_…`): the only time it is shown; only its hash is kept.';

/**
 * Tokens for scripts and integrations (decision 0276). Managing tokens is for a signed-in person
 * only: a token never reaches these routes (`scope: 'never'`), so it cannot mint or widen tokens.
 */
export const apiTokenEndpoints = {
  listMine: endpoint({
    method: 'GET',
    path: '/api/users/profile/api-tokens',
    operationId: 'listMyApiTokens',
    tags,
    scope: 'never',
    summary: "The caller's personal tokens, live ones first",
    query: pageQuery,
    responses: { 200: apiTokenPage, 400: errorResponse },
  }),
  createMine: endpoint({
    method: 'POST',
    path: '/api/users/profile/api-tokens',
    operationId: 'createMyApiToken',
    tags,
    scope: 'never',
    summary: 'Create a personal token: a name, an expiry (at most 366 days) and scopes',
    description: `${ONCE} An advisor's token reaches only the organizations named (default: all it advises now).`,
    body: createApiTokenBody,
    responses: { 201: envelope(createdApiTokenSchema), 400: errorResponse, 409: errorResponse },
  }),
  listOrganization: endpoint({
    method: 'GET',
    path: '/api/organizations/:organizationId/api-tokens',
    operationId: 'listOrganizationApiTokens',
    tags,
    scope: 'never',
    summary: "An organization's tokens (its org_admins and the platform admin)",
    params: organizationParams,
    query: pageQuery,
    responses: { 200: apiTokenPage, 400: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
  createOrganization: endpoint({
    method: 'POST',
    path: '/api/organizations/:organizationId/api-tokens',
    operationId: 'createOrganizationApiToken',
    tags,
    scope: 'never',
    summary: 'Create an organization token: a service identity that outlives the person who made it',
    description: ONCE,
    params: organizationParams,
    body: createApiTokenBody,
    responses: {
      201: envelope(createdApiTokenSchema),
      400: errorResponse,
      403: errorResponse,
      404: errorResponse,
      409: errorResponse,
    },
  }),
  listAll: endpoint({
    method: 'GET',
    path: '/api/api-tokens',
    operationId: 'listApiTokens',
    tags,
    scope: 'never',
    summary: 'Every token on the platform (admin)',
    query: apiTokenListQuery,
    responses: { 200: apiTokenPage, 400: errorResponse, 403: errorResponse },
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/api-tokens/:id',
    operationId: 'updateApiToken',
    tags,
    scope: 'never',
    summary: "Rename a token, change its scopes or an advisor token's organizations",
    params: idParams,
    body: updateApiTokenBody,
    responses: { 200: envelope(apiTokenSchema), 400: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
  revoke: endpoint({
    method: 'DELETE',
    path: '/api/api-tokens/:id',
    operationId: 'revokeApiToken',
    tags,
    scope: 'never',
    summary: 'Revoke a token: it stops at once (its owner, an org_admin for an organization token, the admin)',
    params: idParams,
    responses: { 200: messageEnvelope, 403: errorResponse, 404: errorResponse },
  }),
} as const;
