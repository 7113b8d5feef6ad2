import { schedulingEndpoints as endpoints, MAX_AVAILABILITY_BODY_BYTES } from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { addRoute } from '../../lib/route.js';
import { requireUser } from '../../plugins/auth.js';
import { presentAvailability, presentSlots } from './presenter.js';
import { getAvailability, listSlots, updateAvailability } from './service.js';

/** Scheduling with an advisor (issue 24): its availability and its free slots. */
export async function schedulingRoutes(app: FastifyInstance) {
  addRoute(app, endpoints.getAvailability, async (request) => {
    const actor = requireUser(request);
    return ok(presentAvailability(await getAvailability(app.db, actor, request.params.advisorId), actor));
  });

  addRoute(
    app,
    endpoints.updateAvailability,
    async (request) => {
      const actor = requireUser(request);
      const record = await updateAvailability(app.db, actor, request.params.advisorId, request.body);
      return ok(presentAvailability(record, actor));
    },
    { bodyLimit: MAX_AVAILABILITY_BODY_BYTES },
  );

  addRoute(app, endpoints.slots, async (request) => {
    const actor = requireUser(request);
    const { query } = request;
    const { advisor, availability, starts } = await listSlots(
      app.db,
      actor,
      request.params.advisorId,
      query,
      new Date(app.clock()),
    );
    return ok(presentSlots(advisor.id, availability.timeZone, query.length, starts));
  });
}
