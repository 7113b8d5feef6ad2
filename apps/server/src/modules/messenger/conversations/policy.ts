import type { Conversation } from '@smart/contracts';
import { type Actor, isAdvisor, isMemberOf } from '../../../lib/tenancy.js';

/**
 * Who may do what with a conversation (participants read and write;
 * docs/decisions/0096-messenger-who-is-in-a-conversation-and-who-may-change-it.md). Reading needs
 * participation (checked by the service, with the organization's people rule); these decide the changes.
 * The presenter sends them as `permissions`.
 */

/** The conversation fields its rules depend on. */
export interface ConversationAccessRecord {
  organizationId: string;
  type: Conversation['type'];
  createdBy: string | null;
  advisorId: string | null;
}

/** Its creator, the organization's org_admin, and the advisor of an advisor chat. */
const ownsConversation = (actor: Actor, conversation: ConversationAccessRecord) =>
  conversation.createdBy === actor.id ||
  (actor.role === 'org_admin' && isMemberOf(actor, conversation.organizationId)) ||
  (conversation.advisorId !== null && conversation.advisorId === actor.id);

/**
 * Title (a participant who owns it; the caller is a participant when this is asked). A private
 * advisor chat keeps its two people and its title (each side sees the other's name).
 */
export const canEditConversation = (actor: Actor, conversation: ConversationAccessRecord) =>
  conversation.type !== 'direct' && ownsConversation(actor, conversation);
/** Adding and removing participants: the same people as the title. */
export const canManageParticipants = canEditConversation;
/** Status (open, in progress, resolved, closed): those, and any advisor in it (it handles the chat). */
export const canChangeConversationStatus = (actor: Actor, conversation: ConversationAccessRecord) =>
  ownsConversation(actor, conversation) || isAdvisor(actor);

export function conversationPermissions(actor: Actor, conversation: ConversationAccessRecord) {
  return {
    canEdit: canEditConversation(actor, conversation),
    canChangeStatus: canChangeConversationStatus(actor, conversation),
    canManageParticipants: canManageParticipants(actor, conversation),
  };
}
