import { envelope, notificationSettingsSchema, updateNotificationsBody } from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { requireUser } from '../../plugins/auth.js';
import { getNotificationSettings, updateNotificationSettings } from './service.js';

const tags = ['Accounts'];
const settingsEnvelope = envelope(notificationSettingsSchema);

export async function notificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/users/notifications',
    {
      schema: {
        operationId: 'getNotificationPreferences',
        tags,
        summary: 'Own notification preferences, time zone, digest choice and phone verification state',
        response: { 200: settingsEnvelope },
      },
    },
    async (request) => ok(await getNotificationSettings(app.db, requireUser(request).id)),
  );

  app.put(
    '/api/users/notifications',
    {
      schema: {
        operationId: 'updateNotificationPreferences',
        tags,
        summary: 'Change some notification preferences, the time zone or the digest choice; the rest stay',
        body: updateNotificationsBody,
        response: { 200: settingsEnvelope },
      },
    },
    async (request) => ok(await updateNotificationSettings(app.db, requireUser(request).id, request.body)),
  );
}
