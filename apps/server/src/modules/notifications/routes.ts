import { notificationEndpoints as endpoints } from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { addRoute } from '../../lib/route.js';
import { requireUser } from '../../plugins/auth.js';
import { getNotificationSettings, updateNotificationSettings } from './service.js';

/** One's own notification preferences, time zone and digest choice. */
export async function notificationRoutes(app: FastifyInstance) {
  addRoute(app, endpoints.settings, async (request) =>
    ok(await getNotificationSettings(app.db, requireUser(request).id)),
  );

  addRoute(app, endpoints.updateSettings, async (request) =>
    ok(await updateNotificationSettings(app.db, requireUser(request).id, request.body)),
  );
}
