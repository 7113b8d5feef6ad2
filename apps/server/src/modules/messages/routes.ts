import {
  envelope,
  errorResponse,
  idParams,
  MESSENGER_EVENTS,
  messageListQuery,
  messageSchema,
  pagedEnvelope,
  readMarkerSchema,
  sendMessageBody,
} from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okPage } from '../../lib/envelope.js';
import { requireUser } from '../../plugins/auth.js';
import { announceNewMessage, conversationViewers, tellUsers } from '../conversations/live.js';
import { readNotificationsAbout } from '../notifications/inbox.js';
import { announceUnreadCounts } from '../notifications/live.js';
import { presentMessage } from './presenter.js';
import { listMessages, markConversationRead, sendMessage } from './service.js';

const tags = ['Messenger'];

/** Messages (second document, section 7 "Conversations and messages"; issue 13): participants only. */
export async function messageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/messages/conversations/:id',
    {
      schema: {
        operationId: 'listMessages',
        tags,
        summary:
          'A page of messages, oldest first within it: page 1 is the newest; before/after (a message id) page from a message (after: catch-up)',
        params: idParams,
        querystring: messageListQuery,
        response: { 200: pagedEnvelope(messageSchema), 400: errorResponse },
      },
    },
    async (request) => {
      const page = await listMessages(app.db, requireUser(request), request.params.id, request.query);
      return okPage(page, presentMessage);
    },
  );

  app.post(
    '/api/messages',
    {
      schema: {
        operationId: 'sendMessage',
        tags,
        summary:
          'Send a message: non-blank text or files the sender uploaded (images, pdf, doc, docx, txt, zip, rar); every participant hears new_message',
        description:
          'With a clientMessageId, sending it again (the same sender) answers the stored message, the same 201, and stores and announces nothing. Participants not viewing the conversation are notified; `mentions` (user ids) who take part are told of the mention instead.',
        body: sendMessageBody,
        response: { 201: envelope(messageSchema), 400: errorResponse, 409: errorResponse },
      },
      config: { writeLimit: 'messages' },
    },
    async (request, reply) => {
      const viewers = await conversationViewers(app, request.body.conversationId);
      const { record, recipients, repeated } = await sendMessage(app.db, requireUser(request), request.body, viewers);
      const message = presentMessage(record);
      if (!repeated) announceNewMessage(app, message, recipients);
      return reply.status(201).send(ok(message));
    },
  );

  app.put(
    '/api/messages/conversations/:id/read',
    {
      schema: {
        operationId: 'markConversationRead',
        tags,
        summary:
          "Moves the caller's read marker to the newest message: its unread count is 0, and its notifications are read",
        params: idParams,
        response: { 200: envelope(readMarkerSchema) },
      },
    },
    async (request) => {
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
    },
  );
}
