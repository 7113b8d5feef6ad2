import { endpoint } from '../endpoint.js';
import { envelope, errorResponse, idParams, messageEnvelope, pagedEnvelope } from '../schemas/common.js';
import {
  createObjectiveBody,
  objectiveDetailSchema,
  objectiveListQuery,
  objectiveSchema,
  updateObjectiveBody,
} from '../schemas/work.js';

const tags = ['Objectives'];
const objectiveDetailEnvelope = envelope(objectiveDetailSchema);

/** A project's objectives. Their attachments are files/attachment-routes.ts's. */
export const objectiveEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/objectives/projects/:id',
    operationId: 'listProjectObjectives',
    scope: 'projects:read',
    tags,
    summary: "A project's objectives in creation order, with progress and task counts (canManageProjects)",
    params: idParams,
    query: objectiveListQuery,
    responses: { 200: pagedEnvelope(objectiveSchema), 403: errorResponse },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/objectives/:id',
    operationId: 'getObjective',
    scope: 'projects:read',
    tags,
    summary: 'An objective with its project, progress, task counts and attachments (canManageProjects)',
    params: idParams,
    responses: { 200: objectiveDetailEnvelope, 403: errorResponse },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/objectives/projects/:id',
    operationId: 'createObjective',
    scope: 'projects:write',
    tags,
    summary: 'Add an objective to a project (whoever may read the project); the team must be of its organization',
    params: idParams,
    body: createObjectiveBody,
    responses: { 201: objectiveDetailEnvelope, 403: errorResponse },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/objectives/:id',
    operationId: 'updateObjective',
    scope: 'projects:write',
    tags,
    summary: "Edit an objective, status included: its creator, the organization's org_admin, admin",
    params: idParams,
    body: updateObjectiveBody,
    responses: { 200: objectiveDetailEnvelope, 403: errorResponse },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/objectives/:id',
    operationId: 'deleteObjective',
    scope: 'projects:write',
    tags,
    summary: 'Delete an objective with its tasks and attached files: its creator, org_admin, admin',
    params: idParams,
    responses: { 200: messageEnvelope, 403: errorResponse },
  }),
};
