import { messageEndpoints as endpoints, MESSENGER_EVENTS } from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import { ok, okPage } from '../../../lib/envelope.js';
import { addRoute } from '../../../lib/route.js';
import { requireUser } from '../../../plugins/auth.js';
import { announceUnreadCounts, readNotificationsAbout } from '../../notifications/index.js';
import { announceNewMessage, conversationViewers, tellUsers } from '../conversations/live.js';
import { presentMessage } from './presenter.js';
import { listMessages, markConversationRead, sendMessage } from './service.js';

/** Messages: participants only. */
export async function messageRoutes(app: FastifyInstance) {
  addRoute(app, endpoints.list, async (request) => {
    const page = await listMessages(app.db, requireUser(request), request.params.id, request.query);
    return okPage(page, presentMessage);
  });

  addRoute(
    app,
    endpoints.send,
    async (request, reply) => {
      const viewers = await conversationViewers(app, request.body.conversationId);
      const { record, recipients, repeated } = await sendMessage(app.db, requireUser(request), request.body, viewers);
      const message = presentMessage(record);
      if (!repeated) announceNewMessage(app, message, recipients);
      return reply.status(201).send(ok(message));
    },
    { config: { writeLimit: 'messages' } },
  );

  addRoute(app, endpoints.markRead, async (request) => {
    const actor = requireUser(request);
    const marker = await markConversationRead(app.db, actor, request.params.id);
    tellUsers(app, [actor.id], MESSENGER_EVENTS.conversationRead, {
      conversationId: marker.conversationId,
      lastReadMessageId: marker.lastReadMessageId,
    });
    // Reading the conversation reads what the bell said about it, on every device.
    if (await readNotificationsAbout(app.db, actor.id, 'conversation', marker.conversationId)) {
      await announceUnreadCounts(app, [actor.id]);
    }
    return ok(marker);
  });
}
