import { departmentEndpoints, organizationEndpoints } from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import { okPage } from '../../lib/envelope.js';
import { addRoute } from '../../lib/route.js';
import { requireUser } from '../../plugins/auth.js';
import { presentUser } from './presenter.js';
import { listDepartmentMembers, listOrganizationUsers } from './service.js';

/** The members of an organization and of a department: their paths sit under those records, the lists are users'. */
export async function memberListRoutes(app: FastifyInstance) {
  addRoute(app, organizationEndpoints.listUsers, async (request) => {
    const actor = requireUser(request);
    const page = await listOrganizationUsers(app.db, actor, request.params.id, request.query);
    return okPage(page, (user) => presentUser(user, actor));
  });

  addRoute(app, departmentEndpoints.members, async (request) => {
    const actor = requireUser(request);
    const page = await listDepartmentMembers(app.db, actor, request.params.id, request.query);
    return okPage(page, (user) => presentUser(user, actor));
  });
}
