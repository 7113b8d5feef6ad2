import { objectiveEndpoints as endpoints, UI_TEXT, WORK_EVENTS, type WorkChange } from '@smart/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok, okMessage, okPage } from '../../lib/envelope.js';
import { addRoute } from '../../lib/route.js';
import type { Actor } from '../../lib/tenancy.js';
import { requireUser } from '../../plugins/auth.js';
import { removeStoredFiles } from '../files/index.js';
import { announceWork } from '../projects/index.js';
import { presentObjective, presentObjectiveDetail } from './presenter.js';
import { createObjective, deleteObjective, listObjectives, readObjective, updateObjective } from './service.js';

export async function objectiveRoutes(app: FastifyInstance) {
  /** Announces a committed objective change in its project's room. */
  const announceObjective = (
    request: FastifyRequest,
    objective: { id: string; projectId: string },
    change: WorkChange,
    actor: Actor,
  ) =>
    announceWork(request, WORK_EVENTS.objectiveChanged, {
      projectId: objective.projectId,
      objectiveId: objective.id,
      change,
      actorId: actor.id,
    });

  addRoute(app, endpoints.list, async (request) => {
    const actor = requireUser(request);
    const page = await listObjectives(app.db, actor, request.params.id, request.query);
    return okPage(page, (record) => presentObjective(record, actor));
  });

  addRoute(app, endpoints.get, async (request) => {
    const actor = requireUser(request);
    const { record, attachments } = await readObjective(app.db, actor, request.params.id);
    return ok(presentObjectiveDetail(record, attachments, actor));
  });

  addRoute(app, endpoints.create, async (request, reply) => {
    const actor = requireUser(request);
    const { record, attachments } = await createObjective(app.db, actor, request.params.id, request.body);
    announceObjective(request, record.objective, 'created', actor);
    return reply.status(201).send(ok(presentObjectiveDetail(record, attachments, actor)));
  });

  addRoute(app, endpoints.update, async (request) => {
    const actor = requireUser(request);
    const { record, attachments } = await updateObjective(app.db, actor, request.params.id, request.body);
    announceObjective(request, record.objective, 'updated', actor);
    return ok(presentObjectiveDetail(record, attachments, actor));
  });

  addRoute(app, endpoints.remove, async (request) => {
    const actor = requireUser(request);
    const objectiveId = request.params.id;
    const { projectId, fileKeys } = await deleteObjective(app.db, actor, objectiveId);
    announceObjective(request, { id: objectiveId, projectId }, 'deleted', actor);
    await removeStoredFiles(app.storage, fileKeys);
    return okMessage(UI_TEXT.objectiveDeleted);
  });
}
