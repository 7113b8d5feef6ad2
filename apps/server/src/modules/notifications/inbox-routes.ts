import { notificationEndpoints as endpoints } from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { addRoute } from '../../lib/route.js';
import { requireUser } from '../../plugins/auth.js';
import {
  changeNotification,
  listNotifications,
  readAllNotifications,
  readNotificationsAbout,
  unreadCount,
} from './inbox.js';
import { announceUnreadCounts } from './live.js';
import { listMentionable } from './mentionable.js';
import { presentNotification } from './presenter.js';
import { readSubscription, setSubscription } from './subscriptions.js';

/** The inbox, the bell, follow and mute, and the `@` picker. Only one's own notifications exist. */
export async function inboxRoutes(app: FastifyInstance) {
  addRoute(app, endpoints.list, async (request) => {
    const query = request.query;
    const { records, total } = await listNotifications(app.db, requireUser(request).id, query);
    return {
      success: true as const,
      data: records.map(presentNotification),
      pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
    };
  });

  addRoute(app, endpoints.unreadCount, async (request) =>
    ok({ unread: await unreadCount(app.db, requireUser(request).id) }),
  );

  addRoute(app, endpoints.update, async (request) => {
    const user = requireUser(request);
    const record = await changeNotification(app.db, user.id, request.params.id, request.body);
    await announceUnreadCounts(app, [user.id]);
    return ok(presentNotification(record));
  });

  addRoute(app, endpoints.readAll, async (request) => {
    const user = requireUser(request);
    await readAllNotifications(app.db, user.id);
    await announceUnreadCounts(app, [user.id]);
    return ok({ unread: 0 });
  });

  // Only the caller's own notifications change: a record it cannot read has none it is shown.
  addRoute(app, endpoints.readRecord, async (request) => {
    const user = requireUser(request);
    const { recordType, recordId } = request.params;
    if (await readNotificationsAbout(app.db, user.id, recordType, recordId)) await announceUnreadCounts(app, [user.id]);
    return ok({ unread: await unreadCount(app.db, user.id) });
  });

  addRoute(app, endpoints.subscription, async (request) => {
    const { recordType, recordId } = request.params;
    return ok(await readSubscription(app.db, requireUser(request).id, recordType, recordId));
  });

  addRoute(app, endpoints.subscribe, async (request) => {
    const { recordType, recordId } = request.params;
    return ok(await setSubscription(app.db, requireUser(request).id, recordType, recordId, request.body.mode));
  });

  addRoute(app, endpoints.mentionable, async (request) => {
    const { recordType, recordId } = request.params;
    const user = requireUser(request);
    return ok(await listMentionable(app.db, user.id, recordType, recordId, request.query.search));
  });
}
