import { analyticsEndpoints as endpoints } from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { addRoute } from '../../lib/route.js';
import { requireUser } from '../../plugins/auth.js';
import { presentAnalytics } from './presenter.js';
import { readAnalytics } from './service.js';

/** The analytics page's figures; who reads what in policy.ts, the statements in service.ts. */
export async function analyticsRoutes(app: FastifyInstance) {
  addRoute(app, endpoints.read, async (request) =>
    ok(presentAnalytics(await readAnalytics(app.db, requireUser(request), request.query))),
  );
}
