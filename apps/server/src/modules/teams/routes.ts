import {
  addTeamMemberBody,
  createTeamBody,
  envelope,
  errorResponse,
  idParams,
  idSchema,
  MESSAGES,
  messageEnvelope,
  organizationFilterQuery,
  pagedEnvelope,
  pageQuery,
  teamDetailSchema,
  teamMemberSchema,
  teamSchema,
  updateTeamBody,
} from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okMessage, okPage } from '../../lib/envelope.js';
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

const tags = ['Teams'];
const teamDetailEnvelope = envelope(teamDetailSchema);
const teamPage = pagedEnvelope(teamSchema);
const teamListQuery = pageQuery.extend(organizationFilterQuery.shape);
const memberParams = z.object({ id: idSchema, userId: idSchema });

/** Not a user-facing text of the spec: the client only checks `success`. */

export async function teamRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/teams',
    {
      schema: {
        operationId: 'listTeams',
        tags,
        summary: "Teams by name: the own organization's; an admin may pick one (organizationId) or see all",
        querystring: teamListQuery,
        response: { 200: teamPage, 404: errorResponse },
      },
    },
    async (request) => {
      const { organizationId, ...page } = request.query;
      const actor = requireUser(request);
      const result = await listTeamsVisibleTo(app.db, actor, organizationId, page);
      return okPage(result, (team) => presentTeam(team, actor));
    },
  );

  app.get(
    '/api/teams/department/:id',
    {
      schema: {
        operationId: 'listTeamsByDepartment',
        tags,
        summary: "A department's teams (its organization's members and admin)",
        params: idParams,
        querystring: pageQuery,
        response: { 200: teamPage },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const result = await listDepartmentTeams(app.db, actor, request.params.id, request.query);
      return okPage(result, (team) => presentTeam(team, actor));
    },
  );

  app.get(
    '/api/teams/:id',
    {
      schema: {
        operationId: 'getTeam',
        tags,
        summary: 'A team with its members, lead first (its organization and admin)',
        params: idParams,
        response: { 200: teamDetailEnvelope },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { record, members } = await readTeamDetail(app.db, actor, request.params.id);
      return ok(presentTeamDetail(record, members, actor));
    },
  );

  app.post(
    '/api/teams',
    {
      schema: {
        operationId: 'createTeam',
        tags,
        summary:
          "Create a team (canManageTeams) in the own organization; an admin in its department's. The lead becomes a member with role lead",
        body: createTeamBody,
        response: { 201: teamDetailEnvelope, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const { record, members } = await createTeam(app.db, actor, request.body);
      return reply.status(201).send(ok(presentTeamDetail(record, members, actor)));
    },
  );

  app.put(
    '/api/teams/:id',
    {
      schema: {
        operationId: 'updateTeam',
        tags,
        summary: 'Edit name, description, department (null detaches) or lead (null clears) (canManageTeams)',
        params: idParams,
        body: updateTeamBody,
        response: { 200: teamDetailEnvelope, 403: errorResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { record, members } = await updateTeam(app.db, actor, request.params.id, request.body);
      return ok(presentTeamDetail(record, members, actor));
    },
  );

  app.delete(
    '/api/teams/:id',
    {
      schema: {
        operationId: 'deleteTeam',
        tags,
        summary: 'Delete a team; its users stay (canManageTeams)',
        params: idParams,
        response: { 200: messageEnvelope, 403: errorResponse },
      },
    },
    async (request) => {
      await deleteTeam(app.db, requireUser(request), request.params.id);
      return okMessage(MESSAGES.teamDeleted);
    },
  );

  app.get(
    '/api/teams/:id/members',
    {
      schema: {
        operationId: 'listTeamMembers',
        tags,
        summary: "A team's members, lead first (its organization and admin)",
        params: idParams,
        response: { 200: envelope(z.array(teamMemberSchema)) },
      },
    },
    async (request) => {
      const members = await listTeamMembers(app.db, requireUser(request), request.params.id);
      return ok(members.map(presentTeamMember));
    },
  );

  app.post(
    '/api/teams/:id/members',
    {
      schema: {
        operationId: 'addTeamMember',
        tags,
        summary: 'Add a user of the organization to the team; role lead makes it the lead (canManageTeams)',
        params: idParams,
        body: addTeamMemberBody,
        response: { 201: teamDetailEnvelope, 403: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const { record, members } = await addTeamMember(app.db, actor, request.params.id, request.body);
      return reply.status(201).send(ok(presentTeamDetail(record, members, actor)));
    },
  );

  app.delete(
    '/api/teams/:id/members/:userId',
    {
      schema: {
        operationId: 'removeTeamMember',
        tags,
        summary: 'Remove a member; removing the lead leaves the team without one (canManageTeams)',
        params: memberParams,
        response: { 200: teamDetailEnvelope, 403: errorResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { record, members } = await removeTeamMember(app.db, actor, request.params.id, request.params.userId);
      return ok(presentTeamDetail(record, members, actor));
    },
  );
}
