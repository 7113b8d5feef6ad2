import { projectEndpoints as endpoints, UI_TEXT, WORK_EVENTS } from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import { ok, okMessage, okPage } from '../../lib/envelope.js';
import { addRoute } from '../../lib/route.js';
import { requireUser } from '../../plugins/auth.js';
import { removeStoredFiles } from '../files/index.js';
import { announceWork, closeProjectRoom } from './live.js';
import { presentProject } from './presenter.js';
import { createProject, deleteProject, listProjects, projectStats, readProject, updateProject } from './service.js';

export async function projectRoutes(app: FastifyInstance) {
  addRoute(app, endpoints.list, async (request) => {
    const actor = requireUser(request);
    const page = await listProjects(app.db, actor, request.query);
    return okPage(page, (record) => presentProject(record, actor));
  });

  addRoute(app, endpoints.stats, async (request) =>
    ok(await projectStats(app.db, requireUser(request), request.query.organizationId)),
  );

  addRoute(app, endpoints.get, async (request) => {
    const actor = requireUser(request);
    return ok(presentProject(await readProject(app.db, actor, request.params.id), actor));
  });

  addRoute(app, endpoints.create, async (request, reply) => {
    const actor = requireUser(request);
    const record = await createProject(app.db, actor, request.body);
    return reply.status(201).send(ok(presentProject(record, actor)));
  });

  addRoute(app, endpoints.update, async (request) => {
    const actor = requireUser(request);
    const record = await updateProject(app.db, actor, request.params.id, request.body);
    announceWork(request, WORK_EVENTS.projectChanged, {
      projectId: record.project.id,
      change: 'updated',
      actorId: actor.id,
    });
    return ok(presentProject(record, actor));
  });

  addRoute(app, endpoints.remove, async (request) => {
    const actor = requireUser(request);
    const projectId = request.params.id;
    const fileKeys = await deleteProject(app.db, actor, projectId);
    announceWork(request, WORK_EVENTS.projectChanged, { projectId, change: 'deleted', actorId: actor.id });
    closeProjectRoom(app, projectId);
    await removeStoredFiles(app.storage, fileKeys);
    return okMessage(UI_TEXT.projectDeleted);
  });
}
