import { organizationEndpoints as endpoints, UI_TEXT } from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import { ok, okMessage, okPage } from '../../lib/envelope.js';
import { addRoute } from '../../lib/route.js';
import type { Actor } from '../../lib/tenancy.js';
import { requireUser } from '../../plugins/auth.js';
import { disconnectSessions, emptyOrganizationRoom, originConnection } from '../../plugins/realtime.js';
import { requestErasure } from './erasure.js';
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
  const present = (row: Parameters<typeof presentOrganization>[0], actor: Actor) =>
    presentOrganization(row, actor, app.config.closedOrganizationRetentionDays);

  addRoute(app, endpoints.list, async (request) => {
    const actor = requireUser(request);
    const page = await listOrganizationsVisibleTo(app.db, actor, request.query);
    return okPage(page, (row) => present(row, actor));
  });

  addRoute(app, endpoints.create, async (request, reply) => {
    const actor = requireUser(request);
    const created = await createOrganization(app.db, actor, request.body);
    return reply.status(201).send(ok(present(created, actor)));
  });

  addRoute(app, endpoints.get, async (request) => {
    const actor = requireUser(request);
    return ok(present(await getOrganizationFor(app.db, actor, request.params.id), actor));
  });

  addRoute(app, endpoints.update, async (request) => {
    const actor = requireUser(request);
    const updated = await updateOrganizationFor(app.db, app.storage, actor, request.params.id, request.body);
    return ok(present(updated, actor));
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
    return ok(present(organization, actor));
  });

  addRoute(app, endpoints.reopen, async (request) => {
    const actor = requireUser(request);
    return ok(present(await reopenOrganization(app.db, actor, request.params.id), actor));
  });

  addRoute(app, endpoints.erase, async (request, reply) => {
    const closed = await requestErasure(
      app.db,
      app.jobs,
      requireUser(request),
      request.params.id,
      request.body.confirmName,
      new Date(app.clock()),
    );
    // An open organization was closed on the way: as a closing does, its people's sockets end.
    disconnectSessions(app, closed.revokedSessionIds);
    emptyOrganizationRoom(app, request.params.id);
    for (const announce of closed.announcements) announce(app, originConnection(request));
    return reply.status(202).send(okMessage(UI_TEXT.organizationErasureStarted));
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
    return ok(present(organization, actor));
  });
}
