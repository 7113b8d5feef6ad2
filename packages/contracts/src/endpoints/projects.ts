import { endpoint } from '../endpoint.js';
import { envelope, errorResponse, idParams, messageEnvelope, pagedEnvelope } from '../schemas/common.js';
import { organizationFilterQuery } from '../schemas/structure.js';
import {
  createProjectBody,
  projectListQuery,
  projectSchema,
  projectStatsSchema,
  updateProjectBody,
} from '../schemas/work.js';

const tags = ['Projects'];
const projectEnvelope = envelope(projectSchema);

/** Projects: rules in the server's projects/policy.ts. */
export const projectEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/projects',
    operationId: 'listProjects',
    scope: 'projects:read',
    tags,
    summary:
      "Projects newest first, with progress, task and objective counts: the own organization's; an admin's: all, or organizationId's (canManageProjects)",
    query: projectListQuery,
    responses: { 200: pagedEnvelope(projectSchema), 403: errorResponse, 404: errorResponse },
  }),
  stats: endpoint({
    method: 'GET',
    path: '/api/projects/stats',
    operationId: 'getProjectStats',
    scope: 'projects:read',
    tags,
    summary: "Projects by status and priority in the caller's scope (canManageProjects)",
    query: organizationFilterQuery,
    responses: { 200: envelope(projectStatsSchema), 403: errorResponse, 404: errorResponse },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/projects/:id',
    operationId: 'getProject',
    scope: 'projects:read',
    tags,
    summary: 'A project with its progress and counts (its organization with canManageProjects, admin)',
    params: idParams,
    responses: { 200: projectEnvelope, 403: errorResponse },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/projects',
    operationId: 'createProject',
    scope: 'projects:write',
    tags,
    summary:
      "Create a project in the own organization (an admin: organizationId's); the team must be of that organization",
    body: createProjectBody,
    responses: { 201: projectEnvelope, 403: errorResponse, 404: errorResponse },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/projects/:id',
    operationId: 'updateProject',
    scope: 'projects:write',
    tags,
    summary: "Edit a project: its creator, the organization's org_admin, admin",
    params: idParams,
    body: updateProjectBody,
    responses: { 200: projectEnvelope, 403: errorResponse },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/projects/:id',
    operationId: 'deleteProject',
    scope: 'projects:write',
    tags,
    summary:
      'Delete a project with its objectives, tasks, comments, history and attached files: its creator, org_admin, admin',
    params: idParams,
    responses: { 200: messageEnvelope, 403: errorResponse },
  }),
};
