import { departmentEndpoints as endpoints, UI_TEXT } from '@smart/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok, okMessage, okPage } from '../../lib/envelope.js';
import { addRoute } from '../../lib/route.js';
import type { Actor } from '../../lib/tenancy.js';
import { requireUser } from '../../plugins/auth.js';
import { type DepartmentRecord, presentDepartment } from './presenter.js';
import {
  attachTeam,
  createDepartment,
  deleteDepartment,
  detachTeam,
  getDepartmentFor,
  listDepartmentsVisibleTo,
  updateDepartment,
} from './service.js';

/** Runs a department service as the request's user and answers with the department as that user sees it. */
async function departmentFor(request: FastifyRequest, run: (actor: Actor) => Promise<DepartmentRecord>) {
  const actor = requireUser(request);
  return ok(presentDepartment(await run(actor), actor));
}

export async function departmentRoutes(app: FastifyInstance) {
  addRoute(app, endpoints.list, async (request) => {
    const actor = requireUser(request);
    const page = await listDepartmentsVisibleTo(app.db, actor, request.query);
    return okPage(page, (department) => presentDepartment(department, actor));
  });

  addRoute(app, endpoints.create, async (request, reply) =>
    reply.status(201).send(await departmentFor(request, (actor) => createDepartment(app.db, actor, request.body))),
  );

  addRoute(app, endpoints.get, async (request) =>
    departmentFor(request, (actor) => getDepartmentFor(app.db, actor, request.params.id)),
  );

  addRoute(app, endpoints.update, async (request) =>
    departmentFor(request, (actor) => updateDepartment(app.db, app.storage, actor, request.params.id, request.body)),
  );

  addRoute(app, endpoints.remove, async (request) => {
    await deleteDepartment(app.db, app.storage, requireUser(request), request.params.id);
    return okMessage(UI_TEXT.departmentDeleted);
  });

  addRoute(app, endpoints.attachTeam, async (request) =>
    departmentFor(request, (actor) => attachTeam(app.db, actor, request.params.id, request.body.teamId)),
  );

  addRoute(app, endpoints.detachTeam, async (request) =>
    departmentFor(request, (actor) => detachTeam(app.db, actor, request.params.id, request.params.teamId)),
  );
}
