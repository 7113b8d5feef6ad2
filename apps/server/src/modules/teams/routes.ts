import { teamEndpoints as endpoints, UI_TEXT } from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import { ok, okMessage, okPage } from '../../lib/envelope.js';
import { addRoute } from '../../lib/route.js';
import { requireUser } from '../../plugins/auth.js';
import { presentTeam, presentTeamDetail, presentTeamMember } from './presenter.js';
import {
  addTeamMember,
  createTeam,
  deleteTeam,
  listDepartmentTeams,
  listTeamMembers,
  listTeamsVisibleTo,
  readTeamDetail,
  removeTeamMember,
  updateTeam,
} from './service.js';

export async function teamRoutes(app: FastifyInstance) {
  addRoute(app, endpoints.list, async (request) => {
    const { organizationId, ...page } = request.query;
    const actor = requireUser(request);
    const result = await listTeamsVisibleTo(app.db, actor, organizationId, page);
    return okPage(result, (team) => presentTeam(team, actor));
  });

  addRoute(app, endpoints.listByDepartment, async (request) => {
    const actor = requireUser(request);
    const result = await listDepartmentTeams(app.db, actor, request.params.id, request.query);
    return okPage(result, (team) => presentTeam(team, actor));
  });

  addRoute(app, endpoints.get, async (request) => {
    const actor = requireUser(request);
    const { record, members } = await readTeamDetail(app.db, actor, request.params.id);
    return ok(presentTeamDetail(record, members, actor));
  });

  addRoute(app, endpoints.create, async (request, reply) => {
    const actor = requireUser(request);
    const { record, members } = await createTeam(app.db, actor, request.body);
    return reply.status(201).send(ok(presentTeamDetail(record, members, actor)));
  });

  addRoute(app, endpoints.update, async (request) => {
    const actor = requireUser(request);
    const { record, members } = await updateTeam(app.db, actor, request.params.id, request.body);
    return ok(presentTeamDetail(record, members, actor));
  });

  addRoute(app, endpoints.remove, async (request) => {
    await deleteTeam(app.db, requireUser(request), request.params.id);
    return okMessage(UI_TEXT.teamDeleted);
  });

  addRoute(app, endpoints.members, async (request) => {
    const members = await listTeamMembers(app.db, requireUser(request), request.params.id);
    return ok(members.map(presentTeamMember));
  });

  addRoute(app, endpoints.addMember, async (request, reply) => {
    const actor = requireUser(request);
    const { record, members } = await addTeamMember(app.db, actor, request.params.id, request.body);
    return reply.status(201).send(ok(presentTeamDetail(record, members, actor)));
  });

  addRoute(app, endpoints.removeMember, async (request) => {
    const actor = requireUser(request);
    const { record, members } = await removeTeamMember(app.db, actor, request.params.id, request.params.userId);
    return ok(presentTeamDetail(record, members, actor));
  });
}
