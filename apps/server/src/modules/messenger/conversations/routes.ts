import { type ConversationType, conversationEndpoints as endpoints, MESSENGER_EVENTS } from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import { ok, okPage } from '../../../lib/envelope.js';
import { addRoute } from '../../../lib/route.js';
import type { Actor } from '../../../lib/tenancy.js';
import { requireUser } from '../../../plugins/auth.js';
import { presentAdvisorProfile } from '../../people/index.js';
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
  privateAdvisorConversation,
  readConversation,
  updateConversation,
} from './service.js';

/** The advisor chats: an organization's with its advisor, and a member's private one. */
const ADVISOR_CHAT_TYPES: readonly ConversationType[] = ['ticket', 'direct'];

/** Conversations; rules in policy.ts. */
export async function conversationRoutes(app: FastifyInstance) {
  /** The conversation as the caller's list shows it. */
  const answer = async (actor: Actor, id: string) =>
    ok(presentConversation(await readConversation(app.db, actor, id), actor));

  /** A page of the caller's conversations (of one type: the advisor chats). */
  const listAnswer = async (
    actor: Actor,
    query: Parameters<typeof listConversations>[2],
    types?: readonly ConversationType[],
  ) => {
    const page = await listConversations(app.db, actor, query, types);
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

  addRoute(app, endpoints.list, async (request) => listAnswer(requireUser(request), request.query));

  addRoute(app, endpoints.unread, async (request) => ok(await unreadTotal(app.db, requireUser(request))));

  addRoute(app, endpoints.general, async (request) => {
    const actor = requireUser(request);
    return gotAnswer(actor, await generalConversation(app.db, actor, request.query.organizationId));
  });

  addRoute(app, endpoints.availableAdvisors, async (request) =>
    ok((await availableAdvisors(app.db, requireUser(request))).map(presentAdvisorProfile)),
  );

  addRoute(app, endpoints.advisorConversation, async (request) => {
    const actor = requireUser(request);
    return gotAnswer(actor, await advisorConversation(app.db, actor, request.query));
  });

  addRoute(app, endpoints.privateAdvisorConversation, async (request) => {
    const actor = requireUser(request);
    return gotAnswer(actor, await privateAdvisorConversation(app.db, actor, request.query));
  });

  addRoute(app, endpoints.advisorConversations, async (request) =>
    listAnswer(requireUser(request), request.query, ADVISOR_CHAT_TYPES),
  );

  addRoute(app, endpoints.get, async (request) => answer(requireUser(request), request.params.id));

  addRoute(app, endpoints.create, async (request, reply) => {
    const actor = requireUser(request);
    const conversation = await createConversation(app.db, actor, request.body);
    await announceChanged(conversation);
    return reply.status(201).send(await answer(actor, conversation.id));
  });

  addRoute(app, endpoints.update, async (request) => {
    const actor = requireUser(request);
    const change = await updateConversation(app.db, actor, request.params.id, request.body);
    const { conversation } = change;
    dropFromConversation(app, conversation.id, change.removed);
    const recipients = await recipientsOf(app.db, conversation);
    if (change.statusChanged) announceConversationStatus(app, conversation, actor.id, recipients);
    tellUsers(app, recipients, MESSENGER_EVENTS.conversationUpdated, { conversationId: conversation.id });
    return answer(actor, conversation.id);
  });
}
