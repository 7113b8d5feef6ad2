import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import {
  envelope,
  errorResponse,
  idParams,
  idSchema,
  messageEnvelope,
  pagedEnvelope,
  pageQuery,
} from '../schemas/common.js';
import {
  addTeamMemberBody,
  createTeamBody,
  organizationPageQuery,
  teamDetailSchema,
  teamMemberSchema,
  teamSchema,
  updateTeamBody,
} from '../schemas/structure.js';

const tags = ['Teams'];
const teamDetailEnvelope = envelope(teamDetailSchema);
const teamPage = pagedEnvelope(teamSchema);

/** Teams and their members (under /api/teams); changes need canManageTeams. */
export const teamEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/teams',
    operationId: 'listTeams',
    scope: 'people:read',
    tags,
    summary: "Teams by name: the own organization's; an admin may pick one (organizationId) or see all",
    query: organizationPageQuery,
    responses: { 200: teamPage, 404: errorResponse },
  }),
  listByDepartment: endpoint({
    method: 'GET',
    path: '/api/teams/department/:id',
    operationId: 'listTeamsByDepartment',
    scope: 'people:read',
    tags,
    summary: "A department's teams (its organization's members and admin)",
    params: idParams,
    query: pageQuery,
    responses: { 200: teamPage },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/teams/:id',
    operationId: 'getTeam',
    scope: 'people:read',
    tags,
    summary: 'A team with its members, lead first (its organization and admin)',
    params: idParams,
    responses: { 200: teamDetailEnvelope },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/teams',
    operationId: 'createTeam',
    scope: 'people:write',
    tags,
    summary:
      "Create a team (canManageTeams) in the own organization; an admin in its department's. The lead becomes a member with role lead",
    body: createTeamBody,
    responses: { 201: teamDetailEnvelope, 403: errorResponse, 404: errorResponse },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/teams/:id',
    operationId: 'updateTeam',
    scope: 'people:write',
    tags,
    summary: 'Edit name, description, department (null detaches) or lead (null clears) (canManageTeams)',
    params: idParams,
    body: updateTeamBody,
    responses: { 200: teamDetailEnvelope, 403: errorResponse },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/teams/:id',
    operationId: 'deleteTeam',
    scope: 'people:write',
    tags,
    summary: 'Delete a team; its users stay (canManageTeams)',
    params: idParams,
    responses: { 200: messageEnvelope, 403: errorResponse },
  }),
  members: endpoint({
    method: 'GET',
    path: '/api/teams/:id/members',
    operationId: 'listTeamMembers',
    scope: 'people:read',
    tags,
    summary: "A team's members, lead first (its organization and admin)",
    params: idParams,
    responses: { 200: envelope(z.array(teamMemberSchema)) },
  }),
  addMember: endpoint({
    method: 'POST',
    path: '/api/teams/:id/members',
    operationId: 'addTeamMember',
    scope: 'people:write',
    tags,
    summary: 'Add a user of the organization to the team; role lead makes it the lead (canManageTeams)',
    params: idParams,
    body: addTeamMemberBody,
    responses: { 201: teamDetailEnvelope, 403: errorResponse, 409: errorResponse },
  }),
  removeMember: endpoint({
    method: 'DELETE',
    path: '/api/teams/:id/members/:userId',
    operationId: 'removeTeamMember',
    scope: 'people:write',
    tags,
    summary: 'Remove a member; removing the lead leaves the team without one (canManageTeams)',
    params: z.object({ id: idSchema, userId: idSchema }),
    responses: { 200: teamDetailEnvelope, 403: errorResponse },
  }),
};
