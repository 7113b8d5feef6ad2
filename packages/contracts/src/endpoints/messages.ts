import { endpoint } from '../endpoint.js';
import { envelope, errorResponse, idParams, pagedEnvelope } from '../schemas/common.js';
import { messageListQuery, messageSchema, readMarkerSchema, sendMessageBody } from '../schemas/messenger.js';

const tags = ['Messenger'];

/** Messages: participants only. */
export const messageEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/messages/conversations/:id',
    operationId: 'listMessages',
    scope: 'messages:read',
    tags,
    summary:
      'A page of messages, oldest first within it: page 1 is the newest; before/after (a message id) page from a message (after: catch-up)',
    params: idParams,
    query: messageListQuery,
    responses: { 200: pagedEnvelope(messageSchema), 400: errorResponse },
  }),
  send: endpoint({
    method: 'POST',
    path: '/api/messages',
    operationId: 'sendMessage',
    scope: 'messages:write',
    tags,
    summary:
      'Send a message: non-blank text or files the sender uploaded (images, pdf, doc, docx, txt, zip, rar); every participant hears new_message',
    description:
      'With a clientMessageId, sending it again (the same sender) answers the stored message, the same 201, and stores and announces nothing. Participants not viewing the conversation are notified; `mentions` (user ids) who take part are told of the mention instead.',
    body: sendMessageBody,
    responses: { 201: envelope(messageSchema), 400: errorResponse, 409: errorResponse },
  }),
  markRead: endpoint({
    method: 'PUT',
    path: '/api/messages/conversations/:id/read',
    operationId: 'markConversationRead',
    scope: 'messages:write',
    tags,
    summary:
      "Moves the caller's read marker to the newest message: its unread count is 0, and its notifications are read",
    params: idParams,
    responses: { 200: envelope(readMarkerSchema) },
  }),
};
