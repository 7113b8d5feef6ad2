import { timeAwayEndpoints as endpoints, UI_TEXT } from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import { ok, okMessage } from '../../lib/envelope.js';
import { addRoute } from '../../lib/route.js';
import { requireUser } from '../../plugins/auth.js';
import { presentTimeAway } from './presenter.js';
import { createTimeAway, deleteTimeAway, listTimeAway } from './service.js';

export async function timeAwayRoutes(app: FastifyInstance) {
  const today = () => new Date(app.clock()).toISOString().slice(0, 10);

  addRoute(app, endpoints.list, async (request) => {
    const records = await listTimeAway(app.db, requireUser(request), request.params.advisorId, today());
    return ok(records.map((record) => presentTimeAway(record, true)));
  });

  addRoute(app, endpoints.create, async (request, reply) => {
    const record = await createTimeAway(app.db, requireUser(request), request.params.advisorId, request.body);
    return reply.status(201).send(ok(presentTimeAway(record, true)));
  });

  addRoute(app, endpoints.remove, async (request) => {
    await deleteTimeAway(app.db, requireUser(request), request.params.advisorId, request.params.id);
    return okMessage(UI_TEXT.timeAwayDeleted);
  });
}
