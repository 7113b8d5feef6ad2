import {
  advisorConversationQuery,
  availableAdvisorSchema,
  type ConversationType,
  conversationListQuery,
  conversationSchema,
  createConversationBody,
  envelope,
  errorResponse,
  generalConversationQuery,
  idParams,
  MESSENGER_EVENTS,
  pagedEnvelope,
  unreadTotalSchema,
  updateConversationBody,
} from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okPage } from '../../lib/envelope.js';
import type { Actor } from '../../lib/tenancy.js';
import { requireUser } from '../../plugins/auth.js';
import { presentAdvisorProfile } from '../advisors/presenter.js';
import { announceConversationStatus, dropFromConversation, tellUsers } from './live.js';
import { recipientsOf } from './participants.js';
import { presentConversation } from './presenter.js';
import { unreadTotal } from './records.js';
import {
  advisorConversation,
  availableAdvisors,
  createConversation,
  type GotConversation,
  generalConversation,
  listConversations,
  readConversation,
  updateConversation,
} from './service.js';

const tags = ['Messenger'];
const conversationEnvelope = envelope(conversationSchema);

/** Conversations (second document, section 7 "Conversations and messages"; issue 13); rules in policy.ts. */
export async function conversationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /** The conversation as the caller's list shows it. */
  const answer = async (actor: Actor, id: string) =>
    ok(presentConversation(await readConversation(app.db, actor, id), actor));

  /** A page of the caller's conversations (of one type: the advisor chats). */
  const listAnswer = async (actor: Actor, query: Parameters<typeof listConversations>[2], type?: ConversationType) => {
    const page = await listConversations(app.db, actor, query, type);
    return okPage(page, (record) => presentConversation(record, actor));
  };

  /** Get-or-create answers: a new conversation is announced to its people first. */
  const gotAnswer = async (actor: Actor, got: GotConversation) => {
    if (got.created) await announceChanged(got.conversation);
    return answer(actor, got.conversation.id);
  };

  /** Tells the participants to fetch the conversation again (a change, or they were added). */
  const announceChanged = async (conversation: { id: string; organizationId: string }) => {
    tellUsers(app, await recipientsOf(app.db, conversation), MESSENGER_EVENTS.conversationUpdated, {
      conversationId: conversation.id,
    });
  };

  app.get(
    '/api/conversations',
    {
      schema: {
        operationId: 'listConversations',
        tags,
        summary:
          "The caller's conversations, most recent activity first, with the last message, participant count and unread count",
        querystring: conversationListQuery,
        response: { 200: pagedEnvelope(conversationSchema) },
      },
    },
    async (request) => listAnswer(requireUser(request), request.query),
  );

  app.get(
    '/api/conversations/unread',
    {
      schema: {
        operationId: 'getUnreadMessages',
        tags,
        summary: "Messages by others after the caller's read markers, over all its conversations (the menu's badge)",
        response: { 200: envelope(unreadTotalSchema) },
      },
    },
    async (request) => ok(await unreadTotal(app.db, requireUser(request))),
  );

  app.get(
    '/api/conversations/general',
    {
      schema: {
        operationId: 'getGeneralConversation',
        tags,
        summary:
          "Gets or creates the organization's general conversation (an advisor names the organization); the caller joins it",
        querystring: generalConversationQuery,
        response: { 200: conversationEnvelope, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      return gotAnswer(actor, await generalConversation(app.db, actor, request.query.organizationId));
    },
  );

  app.get(
    '/api/conversations/advisors/available',
    {
      schema: {
        operationId: 'listAvailableAdvisors',
        tags,
        summary: "The advisors a member may chat with: its organization's active ones (nobody else has any)",
        response: { 200: envelope(z.array(availableAdvisorSchema)) },
      },
    },
    async (request) => ok((await availableAdvisors(app.db, requireUser(request))).map(presentAdvisorProfile)),
  );

  app.get(
    '/api/conversations/advisors/conversation',
    {
      schema: {
        operationId: 'getAdvisorConversation',
        tags,
        summary:
          'Gets or creates the chat between an organization and its advisor: a member names the advisor (else its first), an advisor the organization (?org=)',
        querystring: advisorConversationQuery,
        response: { 200: conversationEnvelope, 400: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      return gotAnswer(actor, await advisorConversation(app.db, actor, request.query));
    },
  );

  app.get(
    '/api/conversations/advisors/conversations',
    {
      schema: {
        operationId: 'listAdvisorConversations',
        tags,
        summary:
          "The caller's advisor chats, most recent first: an advisor's across every organization it is assigned to, each labelled",
        querystring: conversationListQuery,
        response: { 200: pagedEnvelope(conversationSchema) },
      },
    },
    async (request) => listAnswer(requireUser(request), request.query, 'ticket'),
  );

  app.get(
    '/api/conversations/:id',
    {
      schema: {
        operationId: 'getConversation',
        tags,
        summary: 'A conversation the caller takes part in',
        params: idParams,
        response: { 200: conversationEnvelope },
      },
    },
    async (request) => answer(requireUser(request), request.params.id),
  );

  app.post(
    '/api/conversations',
    {
      schema: {
        operationId: 'createConversation',
        tags,
        summary:
          "Start a conversation with people of the caller's organization and its active advisors (an advisor names the organization)",
        body: createConversationBody,
        response: { 201: conversationEnvelope, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const conversation = await createConversation(app.db, actor, request.body);
      await announceChanged(conversation);
      return reply.status(201).send(await answer(actor, conversation.id));
    },
  );

  app.put(
    '/api/conversations/:id',
    {
      schema: {
        operationId: 'updateConversation',
        tags,
        summary:
          'Change the title, status or participants (the whole list, the caller included): docs/decisions/0096-messenger-who-is-in-a-conversation-and-who-may-change-it.md says who may',
        params: idParams,
        body: updateConversationBody,
        response: { 200: conversationEnvelope, 400: errorResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const change = await updateConversation(app.db, actor, request.params.id, request.body);
      const { conversation } = change;
      dropFromConversation(app, conversation.id, change.removed);
      const recipients = await recipientsOf(app.db, conversation);
      if (change.statusChanged) announceConversationStatus(app, conversation, actor.id, recipients);
      tellUsers(app, recipients, MESSENGER_EVENTS.conversationUpdated, { conversationId: conversation.id });
      return answer(actor, conversation.id);
    },
  );
}
