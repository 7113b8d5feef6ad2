import { serviceLevelEndpoints as endpoints } from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { addRoute } from '../../lib/route.js';
import { requireUser } from '../../plugins/auth.js';
import { readServiceLevels, saveServiceLevels } from './service.js';

export async function serviceLevelRoutes(app: FastifyInstance) {
  addRoute(app, endpoints.get, async (request) =>
    ok(await readServiceLevels(app.db, requireUser(request), request.params.id)),
  );
  addRoute(app, endpoints.update, async (request) =>
    ok(await saveServiceLevels(app.db, requireUser(request), request.params.id, request.body)),
  );
}
