import {
  envelope,
  idParams,
  isAdmin,
  MESSAGES,
  pagedEnvelope,
  pageQuery,
  profileUpdateBody,
  registerBody,
  registerResponse,
  setUserDepartmentBody,
  setUserOrganizationBody,
  userSchema,
} from '@smart/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { pagination } from '../../lib/paging.js';
import { authenticate, bearerAuth, requireUser } from '../../plugins/auth.js';
import { findDepartment } from '../departments/service.js';
import { advisesOrganization, findOrganization } from '../organizations/service.js';
import {
  canChangeUserDepartment,
  canChangeUserOrganization,
  canListUsers,
  canReadDepartment,
  canReadOrganizationUsers,
  canSeeUser,
} from './policy.js';
import { presentUser } from './presenter.js';
import {
  findUserRecord,
  listUserRecords,
  loadUserRecord,
  registerMember,
  setUserDepartment,
  setUserOrganization,
  updateOwnProfile,
} from './service.js';

const tags = ['Accounts'];
const userEnvelope = envelope(userSchema);
const userPage = pagedEnvelope(userSchema);
const protectedRoute = { preValidation: authenticate } as const;

export async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/users/register',
    {
      ...protectedRoute,
      schema: {
        tags,
        summary: 'Add a user (org_admin: into its own organization as user or org_admin; admin: anywhere)',
        security: bearerAuth,
        body: registerBody,
        response: { 201: registerResponse },
      },
    },
    async (request, reply) => {
      const created = await registerMember(app.db, requireUser(request), request.body);
      return reply.status(201).send({ success: true as const, data: { user: presentUser(created) } });
    },
  );

  app.get(
    '/api/users/profile',
    {
      ...protectedRoute,
      schema: { tags, summary: 'The signed-in user', security: bearerAuth, response: { 200: userEnvelope } },
    },
    async (request) => {
      const record = await loadUserRecord(app.db, requireUser(request).id);
      return { success: true as const, data: presentUser(record) };
    },
  );

  app.put(
    '/api/users/profile',
    {
      ...protectedRoute,
      schema: {
        tags,
        summary: 'Edit own name, e-mail and profile fields (never role or organization)',
        security: bearerAuth,
        body: profileUpdateBody,
        response: { 200: userEnvelope },
      },
    },
    async (request) => {
      const record = await updateOwnProfile(app.db, requireUser(request).id, request.body);
      return { success: true as const, data: presentUser(record) };
    },
  );

  app.get(
    '/api/users',
    {
      ...protectedRoute,
      schema: {
        tags,
        summary: 'Users: admin sees everyone, org_admin its organization',
        security: bearerAuth,
        querystring: pageQuery,
        response: { 200: userPage },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      if (!canListUsers(actor)) throw forbidden();
      const scope = isAdmin(actor) ? undefined : eq(users.organizationId, actor.organizationId ?? '');
      const { items, total } = await listUserRecords(app.db, scope, request.query);
      return { success: true as const, data: items.map(presentUser), pagination: pagination(request.query, total) };
    },
  );

  app.get(
    '/api/users/organization/:orgId',
    {
      ...protectedRoute,
      schema: {
        tags,
        summary: "An organization's members (readable by its members, its advisors and admin)",
        security: bearerAuth,
        params: z.object({ orgId: z.uuid() }),
        querystring: pageQuery,
        response: { 200: userPage },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { orgId } = request.params;
      const advises = actor.role === 'advisor' && (await advisesOrganization(app.db, actor.id, orgId));
      if (!canReadOrganizationUsers(actor, orgId, advises) || !(await findOrganization(app.db, orgId))) {
        throw notFound(MESSAGES.organizationNotFound);
      }
      const { items, total } = await listUserRecords(app.db, eq(users.organizationId, orgId), request.query);
      return { success: true as const, data: items.map(presentUser), pagination: pagination(request.query, total) };
    },
  );

  app.put(
    '/api/users/:id/organization',
    {
      ...protectedRoute,
      schema: {
        tags,
        summary: 'Move a user to an organization (admin)',
        security: bearerAuth,
        params: idParams,
        body: setUserOrganizationBody,
        response: { 200: userEnvelope },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      if (!canChangeUserOrganization(actor)) throw forbidden();
      if (!(await findUserRecord(app.db, request.params.id))) throw notFound(MESSAGES.userNotFound);
      if (!(await findOrganization(app.db, request.body.organizationId))) throw notFound(MESSAGES.organizationNotFound);
      const record = await setUserOrganization(app.db, request.params.id, request.body.organizationId);
      return { success: true as const, data: presentUser(record) };
    },
  );

  app.get(
    '/api/users/department/:id',
    {
      ...protectedRoute,
      schema: {
        tags,
        summary: "A department's members (its organization and admin)",
        security: bearerAuth,
        params: idParams,
        querystring: pageQuery,
        response: { 200: userPage },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const department = await findDepartment(app.db, request.params.id);
      if (!department || !canReadDepartment(actor, department)) throw notFound(MESSAGES.departmentNotFound);
      const { items, total } = await listUserRecords(app.db, eq(users.departmentId, department.id), request.query);
      return { success: true as const, data: items.map(presentUser), pagination: pagination(request.query, total) };
    },
  );

  app.put(
    '/api/users/:id/department',
    {
      ...protectedRoute,
      schema: {
        tags,
        summary:
          "Place a user in one of its organization's departments, or none (org_admin of that organization, admin)",
        security: bearerAuth,
        params: idParams,
        body: setUserDepartmentBody,
        response: { 200: userEnvelope },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const target = await findUserRecord(app.db, request.params.id);
      if (!target || !canSeeUser(actor, target.user)) throw notFound(MESSAGES.userNotFound);
      if (!canChangeUserDepartment(actor, target.user)) throw forbidden();
      const { departmentId } = request.body;
      if (departmentId) {
        const department = await findDepartment(app.db, departmentId);
        if (!department || department.organizationId !== target.user.organizationId) {
          throw notFound(MESSAGES.departmentNotFound);
        }
      }
      const record = await setUserDepartment(app.db, target.user.id, departmentId);
      return { success: true as const, data: presentUser(record) };
    },
  );
}
