import {
  createOrganizationBody,
  envelope,
  errorResponse,
  idParams,
  MESSAGES,
  memberStatusQuery,
  messageEnvelope,
  organizationSchema,
  organizationSecurityBody,
  pagedEnvelope,
  pageQuery,
  searchQuery,
  updateOrganizationBody,
  userSchema,
} from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okMessage, okPage } from '../../lib/envelope.js';
import { requireUser } from '../../plugins/auth.js';
import { disconnectSessions, emptyOrganizationRoom } from '../../plugins/realtime.js';
import { presentUser } from '../users/presenter.js';
import { listOrganizationUsers } from '../users/service.js';
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

const tags = ['Organizations'];
const organizationEnvelope = envelope(organizationSchema);

export async function organizationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/organizations',
    {
      schema: {
        operationId: 'listOrganizations',
        tags,
        summary: 'Organizations: admin all, an advisor those it advises, others their own',
        querystring: pageQuery.extend(searchQuery.shape),
        response: { 200: pagedEnvelope(organizationSchema) },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const page = await listOrganizationsVisibleTo(app.db, actor, request.query);
      return okPage(page, (row) => presentOrganization(row, actor));
    },
  );

  app.post(
    '/api/organizations',
    {
      schema: {
        operationId: 'createOrganization',
        tags,
        summary: 'Create an organization (admin)',
        body: createOrganizationBody,
        response: { 201: organizationEnvelope, 403: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const created = await createOrganization(app.db, actor, request.body);
      return reply.status(201).send(ok(presentOrganization(created, actor)));
    },
  );

  app.get(
    '/api/organizations/:id',
    {
      schema: {
        operationId: 'getOrganization',
        tags,
        summary: 'One organization (its members, its advisors, admin)',
        params: idParams,
        response: { 200: organizationEnvelope },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      return ok(presentOrganization(await getOrganizationFor(app.db, actor, request.params.id), actor));
    },
  );

  app.put(
    '/api/organizations/:id',
    {
      schema: {
        operationId: 'updateOrganization',
        tags,
        summary: 'Change the organization profile (its org_admin, admin)',
        params: idParams,
        body: updateOrganizationBody,
        response: { 200: organizationEnvelope, 403: errorResponse, 409: errorResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const updated = await updateOrganizationFor(app.db, app.storage, actor, request.params.id, request.body);
      return ok(presentOrganization(updated, actor));
    },
  );

  app.delete(
    '/api/organizations/:id',
    {
      schema: {
        operationId: 'deleteOrganization',
        tags,
        summary: 'Delete an organization without members (admin); 409 while it has members',
        params: idParams,
        response: { 200: messageEnvelope, 403: errorResponse, 409: errorResponse },
      },
    },
    async (request) => {
      await deleteOrganization(app.db, app.storage, requireUser(request), request.params.id);
      return okMessage(MESSAGES.organizationDeleted);
    },
  );

  app.post(
    '/api/organizations/:id/close',
    {
      schema: {
        operationId: 'closeOrganization',
        tags,
        summary:
          "Close the organization account (its org_admin, admin): its people are signed out and can't sign in; nothing is deleted",
        params: idParams,
        response: { 200: organizationEnvelope, 403: errorResponse, 409: errorResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { organization, revokedSessionIds } = await closeOrganization(app.db, actor, request.params.id);
      disconnectSessions(app, revokedSessionIds);
      emptyOrganizationRoom(app, organization.id);
      return ok(presentOrganization(organization, actor));
    },
  );

  app.post(
    '/api/organizations/:id/reopen',
    {
      schema: {
        operationId: 'reopenOrganization',
        tags,
        summary: 'Reopen a closed organization account (admin): its people can sign in again',
        params: idParams,
        response: { 200: organizationEnvelope, 403: errorResponse, 409: errorResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      return ok(presentOrganization(await reopenOrganization(app.db, actor, request.params.id), actor));
    },
  );

  app.put(
    '/api/organizations/:id/security',
    {
      schema: {
        operationId: 'updateOrganizationSecurity',
        tags,
        summary:
          "Require two-factor sign-in of the organization's people (its org_admin, admin; the platform organization's staff: admin); who turns it on must have it",
        params: idParams,
        body: organizationSecurityBody,
        response: { 200: organizationEnvelope, 403: errorResponse },
      },
    },
    async (request) => {
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
    },
  );

  app.get(
    '/api/organizations/:id/users',
    {
      schema: {
        operationId: 'listOrganizationUsers',
        tags,
        summary: "The organization's members (its members, its advisors, admin)",
        params: idParams,
        querystring: pageQuery.extend(memberStatusQuery.shape),
        response: { 200: pagedEnvelope(userSchema) },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const page = await listOrganizationUsers(app.db, actor, request.params.id, request.query);
      return okPage(page, (user) => presentUser(user, actor));
    },
  );
}
