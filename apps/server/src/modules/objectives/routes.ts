import {
  createObjectiveBody,
  envelope,
  errorResponse,
  idParams,
  MESSAGES,
  messageEnvelope,
  objectiveDetailSchema,
  objectiveListQuery,
  objectiveSchema,
  pagedEnvelope,
  updateObjectiveBody,
  WORK_EVENTS,
  type WorkChange,
} from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okMessage, okPage } from '../../lib/envelope.js';
import type { Actor } from '../../lib/tenancy.js';
import { requireUser } from '../../plugins/auth.js';
import { removeStoredFiles } from '../files/attachments.js';
import { announceWork } from '../projects/live.js';
import { presentObjective, presentObjectiveDetail } from './presenter.js';
import { createObjective, deleteObjective, listObjectives, readObjective, updateObjective } from './service.js';

const tags = ['Objectives'];
const objectiveDetailEnvelope = envelope(objectiveDetailSchema);

export async function objectiveRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /** Announces a committed objective change in its project's room. */
  const announceObjective = (objective: { id: string; projectId: string }, change: WorkChange, actor: Actor) =>
    announceWork(app, WORK_EVENTS.objectiveChanged, {
      projectId: objective.projectId,
      objectiveId: objective.id,
      change,
      actorId: actor.id,
    });

  app.get(
    '/api/objectives/projects/:id',
    {
      schema: {
        operationId: 'listProjectObjectives',
        tags,
        summary: "A project's objectives in creation order, with progress and task counts (canManageProjects)",
        params: idParams,
        querystring: objectiveListQuery,
        response: { 200: pagedEnvelope(objectiveSchema), 403: errorResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const page = await listObjectives(app.db, actor, request.params.id, request.query);
      return okPage(page, (record) => presentObjective(record, actor));
    },
  );

  app.get(
    '/api/objectives/:id',
    {
      schema: {
        operationId: 'getObjective',
        tags,
        summary: 'An objective with its project, progress, task counts and attachments (canManageProjects)',
        params: idParams,
        response: { 200: objectiveDetailEnvelope, 403: errorResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { record, attachments } = await readObjective(app.db, actor, request.params.id);
      return ok(presentObjectiveDetail(record, attachments, actor));
    },
  );

  app.post(
    '/api/objectives/projects/:id',
    {
      schema: {
        operationId: 'createObjective',
        tags,
        summary: 'Add an objective to a project (whoever may read the project); the team must be of its organization',
        params: idParams,
        body: createObjectiveBody,
        response: { 201: objectiveDetailEnvelope, 403: errorResponse },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const { record, attachments } = await createObjective(app.db, actor, request.params.id, request.body);
      announceObjective(record.objective, 'created', actor);
      return reply.status(201).send(ok(presentObjectiveDetail(record, attachments, actor)));
    },
  );

  app.put(
    '/api/objectives/:id',
    {
      schema: {
        operationId: 'updateObjective',
        tags,
        summary: "Edit an objective, status included: its creator, the organization's org_admin, admin",
        params: idParams,
        body: updateObjectiveBody,
        response: { 200: objectiveDetailEnvelope, 403: errorResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { record, attachments } = await updateObjective(app.db, actor, request.params.id, request.body);
      announceObjective(record.objective, 'updated', actor);
      return ok(presentObjectiveDetail(record, attachments, actor));
    },
  );

  app.delete(
    '/api/objectives/:id',
    {
      schema: {
        operationId: 'deleteObjective',
        tags,
        summary: 'Delete an objective with its tasks and attached files: its creator, org_admin, admin',
        params: idParams,
        response: { 200: messageEnvelope, 403: errorResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const objectiveId = request.params.id;
      const { projectId, fileKeys } = await deleteObjective(app.db, actor, objectiveId);
      announceObjective({ id: objectiveId, projectId }, 'deleted', actor);
      await removeStoredFiles(app.storage, fileKeys);
      return okMessage(MESSAGES.objectiveDeleted);
    },
  );
}
