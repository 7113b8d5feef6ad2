import {
  advisorAssignmentParams,
  advisorSchema,
  assignAdvisorBody,
  envelope,
  errorResponse,
  MESSAGES,
  messageEnvelope,
  myOrganizationSchema,
  organizationAdvisorSchema,
  organizationAdvisorsParams,
  updateAdvisorAssignmentBody,
} from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okMessage } from '../../lib/envelope.js';
import { requireUser } from '../../plugins/auth.js';
import { leaveRecordRoomsOf, setOrganizationRoomMembership } from '../../plugins/realtime.js';
import { presentAdvisor, presentMyOrganization, presentOrganizationAdvisor } from './presenter.js';
import {
  assignAdvisor,
  listAdvisors,
  listMyOrganizations,
  listOrganizationAdvisors,
  removeAssignment,
  setAssignmentActive,
} from './service.js';

const tags = ['Advisors'];
const assignmentEnvelope = envelope(organizationAdvisorSchema);

/**
 * S.M.A.R.T. Advisors and their assignments (second document, section 7). Whether an advisor may
 * act in an organization is lib/tenancy.ts's canActInOrganization; a change here moves the
 * advisor's live sockets into or out of the organization's room at once.
 */
export async function advisorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/users/advisors',
    {
      schema: {
        operationId: 'listAdvisors',
        tags,
        summary: 'Every advisor with its profile and assignments (admin)',
        response: { 200: envelope(z.array(advisorSchema)), 403: errorResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      return ok((await listAdvisors(app.db, actor)).map((advisor) => presentAdvisor(advisor, actor)));
    },
  );

  app.get(
    '/api/organizations/advisors/my-organizations',
    {
      schema: {
        operationId: 'listMyAdvisedOrganizations',
        tags,
        summary: "The signed-in advisor's assignments with each organization's people count (advisors)",
        response: { 200: envelope(z.array(myOrganizationSchema)), 403: errorResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      return ok((await listMyOrganizations(app.db, actor)).map(presentMyOrganization));
    },
  );

  app.get(
    '/api/organizations/:orgId/advisors',
    {
      schema: {
        operationId: 'listOrganizationAdvisors',
        tags,
        summary: "The organization's advisors: all for admin, the active ones for its members and advisors",
        params: organizationAdvisorsParams,
        response: { 200: envelope(z.array(organizationAdvisorSchema)) },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const entries = await listOrganizationAdvisors(app.db, actor, request.params.orgId);
      return ok(entries.map((entry) => presentOrganizationAdvisor(entry, actor)));
    },
  );

  app.post(
    '/api/organizations/:orgId/advisors',
    {
      schema: {
        operationId: 'assignAdvisor',
        tags,
        summary: 'Assign an advisor to the organization (admin); an inactive assignment is reactivated (200)',
        params: organizationAdvisorsParams,
        body: assignAdvisorBody,
        response: {
          200: assignmentEnvelope,
          201: assignmentEnvelope,
          400: errorResponse,
          403: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const { orgId } = request.params;
      const { advisorId } = request.body;
      const { created, record } = await assignAdvisor(app.db, actor, orgId, advisorId);
      setOrganizationRoomMembership(app, advisorId, orgId, true);
      return reply.status(created ? 201 : 200).send(ok(presentOrganizationAdvisor(record, actor)));
    },
  );

  app.patch(
    '/api/organizations/:orgId/advisors/:advisorId',
    {
      schema: {
        operationId: 'updateAdvisorAssignment',
        tags,
        summary: 'Activate or deactivate an assignment (admin); deactivating takes access away at once',
        params: advisorAssignmentParams,
        body: updateAdvisorAssignmentBody,
        response: { 200: assignmentEnvelope, 403: errorResponse, 409: errorResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { orgId, advisorId } = request.params;
      const { isActive } = request.body;
      const record = await setAssignmentActive(app.db, actor, orgId, advisorId, isActive);
      setOrganizationRoomMembership(app, advisorId, orgId, isActive);
      if (!isActive) await leaveRecordRoomsOf(app, advisorId, orgId);
      return ok(presentOrganizationAdvisor(record, actor));
    },
  );

  app.delete(
    '/api/organizations/:orgId/advisors/:advisorId',
    {
      schema: {
        operationId: 'removeAdvisorAssignment',
        tags,
        summary: 'Remove an assignment (admin); the advisor loses access at once',
        params: advisorAssignmentParams,
        response: { 200: messageEnvelope, 403: errorResponse },
      },
    },
    async (request) => {
      const { orgId, advisorId } = request.params;
      await removeAssignment(app.db, requireUser(request), orgId, advisorId);
      setOrganizationRoomMembership(app, advisorId, orgId, false);
      await leaveRecordRoomsOf(app, advisorId, orgId);
      return okMessage(MESSAGES.advisorRemoved);
    },
  );
}
