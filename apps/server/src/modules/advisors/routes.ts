import { advisorEndpoints as endpoints, UI_TEXT } from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import { ok, okMessage } from '../../lib/envelope.js';
import { addRoute } from '../../lib/route.js';
import { requireUser } from '../../plugins/auth.js';
import { leaveRecordRoomsOf, originConnection, setOrganizationRoomMembership } from '../../plugins/realtime.js';
import { announceCancelledMeetings } from '../scheduling/index.js';
import { presentAdvisor, presentMyOrganization, presentOrganizationAdvisor } from './presenter.js';
import {
  assignAdvisor,
  listAdvisors,
  listMyOrganizations,
  listOrganizationAdvisors,
  removeAssignment,
  setAssignmentActive,
} from './service.js';

/**
 * S.M.A.R.T. Advisors and their assignments. Whether an advisor may
 * act in an organization is lib/tenancy.ts's canActInOrganization; a change here moves the
 * advisor's live sockets into or out of the organization's room at once.
 */
export async function advisorRoutes(app: FastifyInstance) {
  addRoute(app, endpoints.list, async (request) => {
    const actor = requireUser(request);
    return ok((await listAdvisors(app.db, actor)).map((advisor) => presentAdvisor(advisor, actor)));
  });

  addRoute(app, endpoints.myOrganizations, async (request) => {
    const actor = requireUser(request);
    return ok((await listMyOrganizations(app.db, actor)).map(presentMyOrganization));
  });

  addRoute(app, endpoints.listByOrganization, async (request) => {
    const actor = requireUser(request);
    const entries = await listOrganizationAdvisors(app.db, actor, request.params.orgId);
    return ok(entries.map((entry) => presentOrganizationAdvisor(entry, actor)));
  });

  addRoute(app, endpoints.assign, async (request, reply) => {
    const actor = requireUser(request);
    const { orgId } = request.params;
    const { advisorId } = request.body;
    const { created, record } = await assignAdvisor(app.db, actor, orgId, advisorId);
    setOrganizationRoomMembership(app, advisorId, orgId, true);
    return reply.status(created ? 201 : 200).send(ok(presentOrganizationAdvisor(record, actor)));
  });

  addRoute(app, endpoints.updateAssignment, async (request) => {
    const actor = requireUser(request);
    const { orgId, advisorId } = request.params;
    const { isActive } = request.body;
    const { record, cancelledMeetings } = await setAssignmentActive(
      app.db,
      actor,
      orgId,
      advisorId,
      isActive,
      new Date(app.clock()),
    );
    setOrganizationRoomMembership(app, advisorId, orgId, isActive);
    if (!isActive) await leaveRecordRoomsOf(app, advisorId, orgId);
    announceCancelledMeetings(app, cancelledMeetings, originConnection(request));
    return ok(presentOrganizationAdvisor(record, actor));
  });

  addRoute(app, endpoints.removeAssignment, async (request) => {
    const { orgId, advisorId } = request.params;
    const cancelledMeetings = await removeAssignment(
      app.db,
      requireUser(request),
      orgId,
      advisorId,
      new Date(app.clock()),
    );
    announceCancelledMeetings(app, cancelledMeetings, originConnection(request));
    setOrganizationRoomMembership(app, advisorId, orgId, false);
    await leaveRecordRoomsOf(app, advisorId, orgId);
    return okMessage(UI_TEXT.advisorRemoved);
  });
}
