import { userEndpoints as endpoints, myDataFileName, myDataFileSchema } from '@smart/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ok, okPage } from '../../lib/envelope.js';
import { jsonFileStream } from '../../lib/json-file.js';
import { addRoute } from '../../lib/route.js';
import { requireUser } from '../../plugins/auth.js';
import { disconnectSessions } from '../../plugins/realtime.js';
import { myDataLists, readMyDataPerson, recordMyDataExport } from './my-data.js';
import { presentUser } from './presenter.js';
import {
  deactivateMember,
  listDepartmentMembers,
  listOrganizationUsers,
  listUsersVisibleTo,
  loadUserRecord,
  moveUserToOrganization,
  placeUserInDepartment,
  reactivateMember,
  registerMember,
  updateMember,
  updateOwnProfile,
} from './service.js';

export async function userRoutes(app: FastifyInstance) {
  addRoute(
    app,
    endpoints.register,
    async (request, reply) => {
      const actor = requireUser(request);
      const created = await registerMember(app.db, actor, request.body);
      return reply.status(201).send(ok({ user: presentUser(created, actor) }));
    },
    { config: { writeLimit: 'registrations' } },
  );

  addRoute(
    app,
    endpoints.profile,
    async (request) => {
      const actor = requireUser(request);
      const record = await loadUserRecord(app.db, actor.id);
      return ok(presentUser(record, actor));
    },
    // The web app reads it to show the set-up a required second factor asks for.
    { config: { duringTwoFactorSetup: true } },
  );

  // An export (lib/export-places.ts): a place among the person's and the process's running exports
  // from its first query to its last byte (429 beyond), the audit line, then the file streamed
  // list by list, each batch read when the client has taken the one before (my-data.ts).
  addRoute(app, endpoints.myData, async (request, reply) => {
    const actor = requireUser(request);
    const place = await app.exportPlaces.take(actor.id);
    let person: Awaited<ReturnType<typeof readMyDataPerson>>;
    try {
      person = await readMyDataPerson(app.db, actor.id);
      await recordMyDataExport(app.db, actor);
    } catch (error) {
      place.release();
      throw error;
    }
    const exportedAt = new Date(app.clock()).toISOString();
    let rows = 0;
    const lists = myDataLists(app.db, actor.id, app.config.exports.batchRows, (count) => {
      rows += count;
    });
    const stream = jsonFileStream(myDataFileSchema, { exportedAt, person, ...lists });
    stream.once('close', () => {
      place.release();
      request.log.info({ export: 'my-data', rows, complete: stream.readableEnded }, 'export');
    });
    // A file, not the JSON envelope: its schema is the endpoint's answer (contracts' myDataFileSchema).
    return (reply as FastifyReply)
      .header('Content-Type', 'application/json; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${myDataFileName(exportedAt.slice(0, 10))}"`)
      .header('Cache-Control', 'private, no-store')
      .send(stream);
  });

  addRoute(app, endpoints.updateProfile, async (request) => {
    const actor = requireUser(request);
    const record = await updateOwnProfile(app.db, app.storage, actor.id, request.body);
    return ok(presentUser(record, actor));
  });

  addRoute(app, endpoints.list, async (request) => {
    const actor = requireUser(request);
    const page = await listUsersVisibleTo(app.db, actor, request.query);
    return okPage(page, (user) => presentUser(user, actor));
  });

  addRoute(app, endpoints.listByOrganization, async (request) => {
    const actor = requireUser(request);
    const page = await listOrganizationUsers(app.db, actor, request.params.orgId, request.query);
    return okPage(page, (user) => presentUser(user, actor));
  });

  addRoute(app, endpoints.moveToOrganization, async (request) => {
    const actor = requireUser(request);
    const record = await moveUserToOrganization(app.db, actor, request.params.id, request.body.organizationId);
    return ok(presentUser(record, actor));
  });

  addRoute(app, endpoints.listByDepartment, async (request) => {
    const actor = requireUser(request);
    const page = await listDepartmentMembers(app.db, actor, request.params.id, request.query);
    return okPage(page, (user) => presentUser(user, actor));
  });

  addRoute(app, endpoints.setDepartment, async (request) => {
    const actor = requireUser(request);
    const record = await placeUserInDepartment(app.db, actor, request.params.id, request.body.departmentId);
    return ok(presentUser(record, actor));
  });

  addRoute(app, endpoints.update, async (request) => {
    const actor = requireUser(request);
    const record = await updateMember(app.db, actor, request.params.id, request.body);
    return ok(presentUser(record, actor));
  });

  addRoute(app, endpoints.deactivate, async (request) => {
    const actor = requireUser(request);
    const { record, revokedSessionIds } = await deactivateMember(app.db, actor, request.params.id);
    disconnectSessions(app, revokedSessionIds);
    return ok(presentUser(record, actor));
  });

  addRoute(app, endpoints.reactivate, async (request) => {
    const actor = requireUser(request);
    return ok(presentUser(await reactivateMember(app.db, actor, request.params.id), actor));
  });
}
