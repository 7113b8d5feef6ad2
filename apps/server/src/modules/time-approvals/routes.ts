import { timeApprovalEndpoints as endpoints, UI_TEXT } from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import { ok, okMessage, okPage } from '../../lib/envelope.js';
import { addRoute } from '../../lib/route.js';
import { requireUser } from '../../plugins/auth.js';
import { presentTimeApproval } from './presenter.js';
import { decideTime, listTimeApprovals, submitTime, withdrawTime } from './service.js';

/** Submitted time and its approval; who may do what in policy.ts, the queries in service.ts. */
export async function timeApprovalRoutes(app: FastifyInstance) {
  addRoute(app, endpoints.list, async (request) => {
    const actor = requireUser(request);
    return okPage(await listTimeApprovals(app.db, actor, request.query), (row) => presentTimeApproval(actor, row));
  });

  addRoute(app, endpoints.submit, async (request, reply) => {
    const actor = requireUser(request);
    reply.code(201);
    return ok(presentTimeApproval(actor, await submitTime(app.db, actor, request.body)));
  });

  addRoute(app, endpoints.approve, async (request) => {
    const actor = requireUser(request);
    return ok(presentTimeApproval(actor, await decideTime(app.db, actor, request.params.id, { to: 'approved' })));
  });

  addRoute(app, endpoints.return, async (request) => {
    const actor = requireUser(request);
    const decision = { to: 'returned' as const, body: request.body };
    return ok(presentTimeApproval(actor, await decideTime(app.db, actor, request.params.id, decision)));
  });

  addRoute(app, endpoints.reopen, async (request) => {
    const actor = requireUser(request);
    const decision = { to: 'reopened' as const, body: request.body };
    return ok(presentTimeApproval(actor, await decideTime(app.db, actor, request.params.id, decision)));
  });

  addRoute(app, endpoints.withdraw, async (request) => {
    await withdrawTime(app.db, requireUser(request), request.params.id);
    return okMessage(UI_TEXT.timePeriodWithdrawn);
  });
}
