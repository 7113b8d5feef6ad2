import { envelope, notificationPreferencesSchema, updateNotificationsBody } from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { requireUser } from '../../plugins/auth.js';
import { getNotificationPreferences, updateNotificationPreferences } from './service.js';

const tags = ['Accounts'];
const preferencesEnvelope = envelope(notificationPreferencesSchema);

export async function notificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/users/notifications',
    {
      schema: {
        operationId: 'getNotificationPreferences',
        tags,
        summary: 'Own notification preferences',
        response: { 200: preferencesEnvelope },
      },
    },
    async (request) => ok(await getNotificationPreferences(app.db, requireUser(request).id)),
  );

  app.put(
    '/api/users/notifications',
    {
      schema: {
        operationId: 'updateNotificationPreferences',
        tags,
        summary: 'Change some notification preferences; the rest stay',
        body: updateNotificationsBody,
        response: { 200: preferencesEnvelope },
      },
    },
    async (request) =>
      ok(await updateNotificationPreferences(app.db, requireUser(request).id, request.body.notifications)),
  );
}
