import { organizationEndpoints as endpoints, UI_TEXT } from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import { ok, okMessage, okPage } from '../../lib/envelope.js';
import { addRoute } from '../../lib/route.js';
import { requireUser } from '../../plugins/auth.js';
import { disconnectSessions, emptyOrganizationRoom, originConnection } from '../../plugins/realtime.js';
import { presentOrganization } from './presenter.js';
import { setOrganizationSecurity } from './security.js';
import {
  closeOrganization,
  createOrganization,
  deleteOrganization,
  getOrganizationFor,
  listOrganizationsVisibleTo,
  reopenOrganization,
  updateOrganizationFor,
} from './service.js';

export async function organizationRoutes(app: FastifyInstance) {
  addRoute(app, endpoints.list, async (request) => {
    const actor = requireUser(request);
    const page = await listOrganizationsVisibleTo(app.db, actor, request.query);
    return okPage(page, (row) => presentOrganization(row, actor));
  });

  addRoute(app, endpoints.create, async (request, reply) => {
    const actor = requireUser(request);
    const created = await createOrganization(app.db, actor, request.body);
    return reply.status(201).send(ok(presentOrganization(created, actor)));
  });

  addRoute(app, endpoints.get, async (request) => {
    const actor = requireUser(request);
    return ok(presentOrganization(await getOrganizationFor(app.db, actor, request.params.id), actor));
  });

  addRoute(app, endpoints.update, async (request) => {
    const actor = requireUser(request);
    const updated = await updateOrganizationFor(app.db, app.storage, actor, request.params.id, request.body);
    return ok(presentOrganization(updated, actor));
  });

  addRoute(app, endpoints.remove, async (request) => {
    await deleteOrganization(app.db, app.storage, requireUser(request), request.params.id);
    return okMessage(UI_TEXT.organizationDeleted);
  });

  addRoute(app, endpoints.close, async (request) => {
    const actor = requireUser(request);
    const { organization, revokedSessionIds, announcements } = await closeOrganization(
      app.db,
      actor,
      request.params.id,
      new Date(app.clock()),
    );
    disconnectSessions(app, revokedSessionIds);
    emptyOrganizationRoom(app, organization.id);
    for (const announce of announcements) announce(app, originConnection(request));
    return ok(presentOrganization(organization, actor));
  });

  addRoute(app, endpoints.reopen, async (request) => {
    const actor = requireUser(request);
    return ok(presentOrganization(await reopenOrganization(app.db, actor, request.params.id), actor));
  });

  addRoute(app, endpoints.updateSecurity, async (request) => {
    const actor = requireUser(request);
    const { organization, sessionsToRestrict } = await setOrganizationSecurity(
      app.db,
      actor,
      request.params.id,
      request.body,
    );
    // Their sockets end; reconnecting is refused until they have set up a second factor.
    disconnectSessions(app, sessionsToRestrict);
    return ok(presentOrganization(organization, actor));
  });
}
