import { auditLogEndpoints as endpoints } from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import { okPage } from '../../lib/envelope.js';
import { addRoute } from '../../lib/route.js';
import { requireUser } from '../../plugins/auth.js';
import { presentAuditLine } from './presenter.js';
import { listAuditLog } from './service.js';

/** The audit log: read only; its lines are written by each change's service. */
export async function auditLogRoutes(app: FastifyInstance) {
  addRoute(app, endpoints.list, async (request) =>
    okPage(await listAuditLog(app.db, requireUser(request), request.query), presentAuditLine),
  );
}
