import { NOTIFICATION_EVENTS } from '@smart/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema/index.js';
import { userRoom } from '../../plugins/realtime.js';
import { userSummaryOf } from '../people/index.js';
import { type FannedOut, freshNotification } from './fanout.js';
import { unreadCounts } from './inbox.js';
import { presentNotification } from './presenter.js';

/** Sends each recipient's bell its new count, on every device and process (the user rooms). */
export async function announceUnreadCounts(app: FastifyInstance, recipientIds: string[]) {
  const counts = await unreadCounts(app.db, recipientIds);
  for (const [recipientId, unread] of counts)
    app.io.to(userRoom(recipientId)).emit(NOTIFICATION_EVENTS.count, { unread });
}

/** After a fan-out commits: the new item and the count to each in-app recipient. */
export async function announceFanOut(app: FastifyInstance, { event, inApp }: FannedOut) {
  if (inApp.length === 0) return;
  const [actor] = event.actorId
    ? await app.db.select(userSummaryOf(users)).from(users).where(eq(users.id, event.actorId)).limit(1)
    : [];
  for (const { id, recipientId } of inApp) {
    const item = presentNotification(freshNotification(event, id, actor ?? null));
    app.io.to(userRoom(recipientId)).emit(NOTIFICATION_EVENTS.notification, item);
  }
  await announceUnreadCounts(
    app,
    inApp.map((notification) => notification.recipientId),
  );
}
