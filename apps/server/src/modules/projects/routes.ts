import {
  createProjectBody,
  envelope,
  errorResponse,
  idParams,
  MESSAGES,
  messageEnvelope,
  organizationFilterQuery,
  pagedEnvelope,
  projectListQuery,
  projectSchema,
  projectStatsSchema,
  updateProjectBody,
  WORK_EVENTS,
} from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okMessage, okPage } from '../../lib/envelope.js';
import { requireUser } from '../../plugins/auth.js';
import { removeStoredFiles } from '../files/attachments.js';
import { announceWork, closeProjectRoom } from './live.js';
import { presentProject } from './presenter.js';
import { createProject, deleteProject, listProjects, projectStats, readProject, updateProject } from './service.js';

const tags = ['Projects'];
const projectEnvelope = envelope(projectSchema);

export async function projectRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/projects',
    {
      schema: {
        operationId: 'listProjects',
        tags,
        summary:
          "Projects newest first, with progress, task and objective counts: the own organization's; an admin's: all, or organizationId's (canManageProjects)",
        querystring: projectListQuery,
        response: { 200: pagedEnvelope(projectSchema), 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const page = await listProjects(app.db, actor, request.query);
      return okPage(page, (record) => presentProject(record, actor));
    },
  );

  app.get(
    '/api/projects/stats',
    {
      schema: {
        operationId: 'getProjectStats',
        tags,
        summary: "Projects by status and priority in the caller's scope (canManageProjects)",
        querystring: organizationFilterQuery,
        response: { 200: envelope(projectStatsSchema), 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => ok(await projectStats(app.db, requireUser(request), request.query.organizationId)),
  );

  app.get(
    '/api/projects/:id',
    {
      schema: {
        operationId: 'getProject',
        tags,
        summary: 'A project with its progress and counts (its organization with canManageProjects, admin)',
        params: idParams,
        response: { 200: projectEnvelope, 403: errorResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      return ok(presentProject(await readProject(app.db, actor, request.params.id), actor));
    },
  );

  app.post(
    '/api/projects',
    {
      schema: {
        operationId: 'createProject',
        tags,
        summary:
          "Create a project in the own organization (an admin: organizationId's); the team must be of that organization",
        body: createProjectBody,
        response: { 201: projectEnvelope, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const record = await createProject(app.db, actor, request.body);
      return reply.status(201).send(ok(presentProject(record, actor)));
    },
  );

  app.put(
    '/api/projects/:id',
    {
      schema: {
        operationId: 'updateProject',
        tags,
        summary: "Edit a project: its creator, the organization's org_admin, admin",
        params: idParams,
        body: updateProjectBody,
        response: { 200: projectEnvelope, 403: errorResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const record = await updateProject(app.db, actor, request.params.id, request.body);
      announceWork(app, WORK_EVENTS.projectChanged, {
        projectId: record.project.id,
        change: 'updated',
        actorId: actor.id,
      });
      return ok(presentProject(record, actor));
    },
  );

  app.delete(
    '/api/projects/:id',
    {
      schema: {
        operationId: 'deleteProject',
        tags,
        summary:
          'Delete a project with its objectives, tasks, comments, history and attached files: its creator, org_admin, admin',
        params: idParams,
        response: { 200: messageEnvelope, 403: errorResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const projectId = request.params.id;
      const fileKeys = await deleteProject(app.db, actor, projectId);
      announceWork(app, WORK_EVENTS.projectChanged, { projectId, change: 'deleted', actorId: actor.id });
      closeProjectRoom(app, projectId);
      await removeStoredFiles(app.storage, fileKeys);
      return okMessage(MESSAGES.projectDeleted);
    },
  );
}
