import {
  envelope,
  errorResponse,
  idParams,
  memberStatusQuery,
  pagedEnvelope,
  pageQuery,
  profileUpdateBody,
  registerBody,
  registerResponse,
  searchQuery,
  setUserDepartmentBody,
  setUserOrganizationBody,
  updateMemberBody,
  userListQuery,
  userSchema,
} from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okPage } from '../../lib/envelope.js';
import { requireUser } from '../../plugins/auth.js';
import { disconnectSessions } from '../../plugins/realtime.js';
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

const tags = ['Accounts'];
const userEnvelope = envelope(userSchema);
const userPage = pagedEnvelope(userSchema);

export async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/users/register',
    {
      schema: {
        operationId: 'registerUser',
        tags,
        summary: 'Add a user (org_admin: into its own organization as user or org_admin; admin: anywhere)',
        body: registerBody,
        response: { 201: registerResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse },
      },
      config: { writeLimit: 'registrations' },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const created = await registerMember(app.db, actor, request.body);
      return reply.status(201).send(ok({ user: presentUser(created, actor) }));
    },
  );

  app.get(
    '/api/users/profile',
    {
      // The web app reads it to show the set-up a required second factor asks for.
      config: { duringTwoFactorSetup: true },
      schema: {
        operationId: 'getProfile',
        tags,
        summary: 'The signed-in user',
        response: { 200: userEnvelope },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const record = await loadUserRecord(app.db, actor.id);
      return ok(presentUser(record, actor));
    },
  );

  app.put(
    '/api/users/profile',
    {
      schema: {
        operationId: 'updateProfile',
        tags,
        summary: 'Edit own name, e-mail and profile fields (never role or organization)',
        body: profileUpdateBody,
        response: { 200: userEnvelope, 409: errorResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const record = await updateOwnProfile(app.db, app.storage, actor.id, request.body);
      return ok(presentUser(record, actor));
    },
  );

  app.get(
    '/api/users',
    {
      schema: {
        operationId: 'listUsers',
        tags,
        summary:
          'Users by name: org_admin its organization; admin everyone, or one organization. search: name or e-mail contains',
        querystring: userListQuery,
        response: { 200: userPage, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const page = await listUsersVisibleTo(app.db, actor, request.query);
      return okPage(page, (user) => presentUser(user, actor));
    },
  );

  app.get(
    '/api/users/organization/:orgId',
    {
      schema: {
        operationId: 'listUsersByOrganization',
        tags,
        summary: "An organization's members (readable by its members, its advisors and admin)",
        params: z.object({ orgId: z.uuid() }),
        querystring: pageQuery.extend(memberStatusQuery.shape).extend(searchQuery.shape),
        response: { 200: userPage },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const page = await listOrganizationUsers(app.db, actor, request.params.orgId, request.query);
      return okPage(page, (user) => presentUser(user, actor));
    },
  );

  app.put(
    '/api/users/:id/organization',
    {
      schema: {
        operationId: 'moveUserToOrganization',
        tags,
        summary: 'Move a user to an organization (admin)',
        params: idParams,
        body: setUserOrganizationBody,
        response: { 200: userEnvelope, 403: errorResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const record = await moveUserToOrganization(app.db, actor, request.params.id, request.body.organizationId);
      return ok(presentUser(record, actor));
    },
  );

  app.get(
    '/api/users/department/:id',
    {
      schema: {
        operationId: 'listUsersByDepartment',
        tags,
        summary: "A department's members (its organization and admin)",
        params: idParams,
        querystring: pageQuery,
        response: { 200: userPage },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const page = await listDepartmentMembers(app.db, actor, request.params.id, request.query);
      return okPage(page, (user) => presentUser(user, actor));
    },
  );

  app.put(
    '/api/users/:id/department',
    {
      schema: {
        operationId: 'setUserDepartment',
        tags,
        summary:
          "Place a user in one of its organization's departments, or none (org_admin of that organization, admin)",
        params: idParams,
        body: setUserDepartmentBody,
        response: { 200: userEnvelope, 403: errorResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const record = await placeUserInDepartment(app.db, actor, request.params.id, request.body.departmentId);
      return ok(presentUser(record, actor));
    },
  );

  app.put(
    '/api/users/:id',
    {
      schema: {
        operationId: 'updateMember',
        tags,
        summary: "Edit a member's job title, phone, department and role (org_admin of that organization, admin)",
        params: idParams,
        body: updateMemberBody,
        response: { 200: userEnvelope, 403: errorResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const record = await updateMember(app.db, actor, request.params.id, request.body);
      return ok(presentUser(record, actor));
    },
  );

  app.delete(
    '/api/users/:id',
    {
      schema: {
        operationId: 'deactivateMember',
        tags,
        summary:
          'Deactivate a member: it can no longer sign in; its records stay (org_admin of that organization, admin)',
        params: idParams,
        response: { 200: userEnvelope, 400: errorResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { record, revokedSessionIds } = await deactivateMember(app.db, actor, request.params.id);
      disconnectSessions(app, revokedSessionIds);
      return ok(presentUser(record, actor));
    },
  );

  app.post(
    '/api/users/:id/reactivate',
    {
      schema: {
        operationId: 'reactivateMember',
        tags,
        summary:
          'Reactivate a deactivated member: it may sign in again (who may deactivate it: org_admin of that organization, admin)',
        params: idParams,
        response: { 200: userEnvelope, 403: errorResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      return ok(presentUser(await reactivateMember(app.db, actor, request.params.id), actor));
    },
  );
}
