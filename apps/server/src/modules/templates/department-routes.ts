import { templateDepartmentEndpoints as endpoints, UI_TEXT } from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import { ok, okMessage } from '../../lib/envelope.js';
import { addRoute } from '../../lib/route.js';
import { requireUser } from '../../plugins/auth.js';
import {
  createTemplateDepartment,
  deleteTemplateDepartment,
  listTemplateDepartments,
  readTemplateDepartment,
  updateTemplateDepartment,
} from './departments.js';
import { presentTemplateDepartment } from './presenter.js';

/** Template departments: everyone who reads templates lists them; admins change them. */
export async function templateDepartmentRoutes(app: FastifyInstance) {
  addRoute(app, endpoints.list, async (request) => {
    const actor = requireUser(request);
    const rows = await listTemplateDepartments(app.db, actor, request.query);
    return ok(rows.map((row) => presentTemplateDepartment(row, actor)));
  });

  addRoute(app, endpoints.get, async (request) => {
    const actor = requireUser(request);
    return ok(presentTemplateDepartment(await readTemplateDepartment(app.db, actor, request.params.id), actor));
  });

  addRoute(app, endpoints.create, async (request, reply) => {
    const actor = requireUser(request);
    const department = await createTemplateDepartment(app.db, actor, request.body);
    return reply.status(201).send(ok(presentTemplateDepartment(department, actor)));
  });

  addRoute(app, endpoints.update, async (request) => {
    const actor = requireUser(request);
    const department = await updateTemplateDepartment(app.db, actor, request.params.id, request.body);
    return ok(presentTemplateDepartment(department, actor));
  });

  addRoute(app, endpoints.remove, async (request) => {
    await deleteTemplateDepartment(app.db, requireUser(request), request.params.id);
    return okMessage(UI_TEXT.departmentDeleted);
  });
}
