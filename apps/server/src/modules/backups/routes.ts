import { backupEndpoints as endpoints } from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { addRoute } from '../../lib/route.js';
import { requireUser } from '../../plugins/auth.js';
import { backupStatus } from './service.js';

/** The scheduled backups' status: read only; the runs are written by the schedule (run.ts). */
export async function backupRoutes(app: FastifyInstance) {
  addRoute(app, endpoints.status, async (request) =>
    ok(await backupStatus(app.db, requireUser(request), app.config.backups)),
  );
}
