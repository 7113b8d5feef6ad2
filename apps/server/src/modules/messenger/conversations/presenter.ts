import { type Conversation, displayName } from '@smart/contracts';
import type { Actor } from '../../../lib/tenancy.js';
import { presentUserSummary } from '../../people/index.js';
import { presentAwayJson } from '../../time-away/index.js';
import { conversationPermissions } from './policy.js';
import type { ConversationRecord } from './records.js';

/** A JSON timestamp (json_build_object writes PostgreSQL's form) as the API's ISO string. */
const iso = (value: string | Date) => new Date(value).toISOString();

/**
 * A private advisor chat is shown under the other person's name (the advisor's inbox also shows
 * the organization); its stored title, naming both, when that person has left it.
 */
function titleFor({ conversation, participants }: ConversationRecord, actor: Actor): string {
  if (conversation.type !== 'direct') return conversation.title;
  const other = participants.find((person) => person.id !== actor.id);
  return other ? displayName(other) : conversation.title;
}

/** Row → the API's conversation JSON (contracts' schema), with the caller's unread count and permissions. */
export function presentConversation(record: ConversationRecord, actor: Actor): Conversation {
  const { conversation, lastMessage } = record;
  return {
    id: conversation.id,
    _id: conversation.id,
    title: titleFor(record, actor),
    type: conversation.type,
    status: conversation.status,
    organizationId: conversation.organizationId,
    organizationName: record.organizationName,
    advisorId: conversation.advisorId,
    category: conversation.category,
    priority: conversation.priority,
    description: conversation.description,
    tags: conversation.tags,
    createdBy: conversation.createdBy,
    participants: record.participants.map(presentUserSummary),
    participantCount: record.participantCount,
    lastMessage: lastMessage ? { ...lastMessage, sentAt: iso(lastMessage.sentAt) } : null,
    unreadCount: record.unreadCount,
    createdAt: conversation.createdAt.toISOString(),
    updatedAt: conversation.updatedAt.toISOString(),
    lastActivityAt: conversation.lastMessageAt.toISOString(),
    advisorAway: conversation.advisorId ? presentAwayJson(conversation.advisorId, record.advisorAway) : null,
    permissions: conversationPermissions(actor, conversation),
  };
}
