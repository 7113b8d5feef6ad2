import { myWorkEndpoints as endpoints } from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { addRoute } from '../../lib/route.js';
import { requireUser } from '../../plugins/auth.js';
import { presentMyWork } from './presenter.js';
import { platformFigures, readMyWork } from './service.js';

/** The dashboard's "My work"; who reads what in policy.ts, one statement per block in service.ts. */
export async function myWorkRoutes(app: FastifyInstance) {
  addRoute(app, endpoints.mine, async (request) =>
    ok(presentMyWork(await readMyWork(app.db, requireUser(request), request.query.today))),
  );

  addRoute(app, endpoints.platform, async (request) => ok(await platformFigures(app.db, requireUser(request))));
}
