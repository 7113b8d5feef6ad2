import { searchEndpoints as endpoints } from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { addRoute } from '../../lib/route.js';
import { requireUser } from '../../plugins/auth.js';
import { presentSearchGroup } from './presenter.js';
import { searchEverything } from './service.js';

/** Search everything: one box over the records the caller may read. */
export async function searchRoutes(app: FastifyInstance) {
  addRoute(app, endpoints.search, async (request) => {
    const groups = await searchEverything(app.db, requireUser(request), request.query);
    return ok({ groups: groups.map(presentSearchGroup) });
  });
}
