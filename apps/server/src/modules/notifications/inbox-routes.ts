import {
  envelope,
  idParams,
  mentionableList,
  mentionableParams,
  mentionableQuery,
  notificationListQuery,
  notificationPage,
  notificationSchema,
  subscriptionBody,
  subscriptionParams,
  subscriptionSchema,
  unreadCountSchema,
  updateNotificationBody,
} from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { requireUser } from '../../plugins/auth.js';
import { changeNotification, listNotifications, readAllNotifications, unreadCount } from './inbox.js';
import { announceUnreadCounts } from './live.js';
import { listMentionable } from './mentionable.js';
import { presentNotification } from './presenter.js';
import { readSubscription, setSubscription } from './subscriptions.js';

const tags = ['Notifications'];

/** The inbox, the bell, follow and mute, and the `@` picker (issue 22). Only one's own notifications exist. */
export async function inboxRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/notifications',
    {
      schema: {
        operationId: 'listNotifications',
        tags,
        summary: 'Own in-app notifications, one item per record (newest first), in the Unread, All or Archived tab',
        querystring: notificationListQuery,
        response: { 200: notificationPage },
      },
    },
    async (request) => {
      const query = request.query;
      const { records, total } = await listNotifications(app.db, requireUser(request).id, query);
      return {
        success: true as const,
        data: records.map(presentNotification),
        pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
      };
    },
  );

  app.get(
    '/api/notifications/unread-count',
    {
      schema: {
        operationId: 'getUnreadNotificationCount',
        tags,
        summary: 'How many records have unread notifications (the bell)',
        response: { 200: envelope(unreadCountSchema) },
      },
    },
    async (request) => ok({ unread: await unreadCount(app.db, requireUser(request).id) }),
  );

  app.patch(
    '/api/notifications/:id',
    {
      schema: {
        operationId: 'updateNotification',
        tags,
        summary: 'Mark an item (its whole record group) read or unread, archive it, or snooze it',
        params: idParams,
        body: updateNotificationBody,
        response: { 200: envelope(notificationSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const record = await changeNotification(app.db, user.id, request.params.id, request.body);
      await announceUnreadCounts(app, [user.id]);
      return ok(presentNotification(record));
    },
  );

  app.post(
    '/api/notifications/read-all',
    {
      schema: {
        operationId: 'readAllNotifications',
        tags,
        summary: 'Mark every own notification read',
        response: { 200: envelope(unreadCountSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await readAllNotifications(app.db, user.id);
      await announceUnreadCounts(app, [user.id]);
      return ok({ unread: 0 });
    },
  );

  app.get(
    '/api/notifications/subscriptions/:recordType/:recordId',
    {
      schema: {
        operationId: 'getNotificationSubscription',
        tags,
        summary: 'Whether the caller follows, mutes or leaves a record at the default',
        params: subscriptionParams,
        response: { 200: envelope(subscriptionSchema) },
      },
    },
    async (request) => {
      const { recordType, recordId } = request.params;
      return ok(await readSubscription(app.db, requireUser(request).id, recordType, recordId));
    },
  );

  app.put(
    '/api/notifications/subscriptions/:recordType/:recordId',
    {
      schema: {
        operationId: 'setNotificationSubscription',
        tags,
        summary: 'Follow a record (everything from it), mute it (nothing from it), or go back to the default',
        params: subscriptionParams,
        body: subscriptionBody,
        response: { 200: envelope(subscriptionSchema) },
      },
    },
    async (request) => {
      const { recordType, recordId } = request.params;
      return ok(await setSubscription(app.db, requireUser(request).id, recordType, recordId, request.body.mode));
    },
  );

  app.get(
    '/api/mentionable/:recordType/:recordId',
    {
      schema: {
        operationId: 'listMentionable',
        tags,
        summary: 'The people `@` may mention in a task, ticket or conversation: those who can read it',
        params: mentionableParams,
        querystring: mentionableQuery,
        response: { 200: envelope(mentionableList) },
      },
    },
    async (request) => {
      const { recordType, recordId } = request.params;
      const user = requireUser(request);
      return ok(await listMentionable(app.db, user.id, recordType, recordId, request.query.search));
    },
  );
}
