import { UI_TEXT } from '@smart/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { conversationParticipants, users } from '../../../db/schema/index.js';
import { badRequest } from '../../../lib/errors.js';
import { usersArePeopleOf } from '../../../lib/tenancy.js';

/** A database or an open transaction. */
type Writer = Pick<Database, 'select' | 'insert' | 'delete' | 'execute'>;

/** The conversation a participant row names. */
interface ConversationKey {
  id: string;
  organizationId: string;
}

const peopleOf = (organizationId: string) => usersArePeopleOf(users, organizationId);

/**
 * 400 unless every id names one of the organization's people now: an active member, or an advisor
 * actively assigned to it (lib/tenancy.ts decides; anyone else is a 400).
 */
export async function requireParticipants(db: Writer, organizationId: string, userIds: readonly string[]) {
  const wanted = [...new Set(userIds)];
  if (wanted.length === 0) return;
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, wanted), peopleOf(organizationId)));
  if (found.length !== wanted.length) throw badRequest(UI_TEXT.participantNotAllowed);
}

/** Adds people to a conversation; those already in it stay as they are (their read markers too). */
export async function addParticipants(db: Writer, conversation: ConversationKey, userIds: readonly string[]) {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  await db
    .insert(conversationParticipants)
    .values(
      unique.map((userId) => ({
        conversationId: conversation.id,
        organizationId: conversation.organizationId,
        userId,
      })),
    )
    .onConflictDoNothing();
}

/** Adds every active member of the organization (a general or advisor chat is the whole organization's). */
export async function addMembersOfOrganization(db: Writer, conversation: ConversationKey) {
  await db.execute(sql`
    insert into ${conversationParticipants} (conversation_id, user_id, organization_id)
    select ${conversation.id}, ${users.id}, ${users.organizationId} from ${users}
    where ${users.organizationId} = ${conversation.organizationId} and ${users.isActive}
    on conflict do nothing`);
}

export async function removeParticipants(db: Writer, conversationId: string, userIds: readonly string[]) {
  if (userIds.length === 0) return;
  await db
    .delete(conversationParticipants)
    .where(
      and(
        eq(conversationParticipants.conversationId, conversationId),
        inArray(conversationParticipants.userId, [...userIds]),
      ),
    );
}

/** Every participant row's user id (whether or not still one of the organization's people). */
export async function participantIdsOf(db: Writer, conversationId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: conversationParticipants.userId })
    .from(conversationParticipants)
    .where(eq(conversationParticipants.conversationId, conversationId));
  return rows.map((row) => row.userId);
}

/**
 * Who receives a conversation's events now: its participants who are still the organization's
 * people (active, a member or an actively assigned advisor). Asked at each send, so someone removed,
 * deactivated or unassigned gets nothing more.
 */
export async function recipientsOf(db: Writer, conversation: ConversationKey): Promise<string[]> {
  const rows = await db
    .select({ userId: conversationParticipants.userId })
    .from(conversationParticipants)
    .innerJoin(users, eq(users.id, conversationParticipants.userId))
    .where(and(eq(conversationParticipants.conversationId, conversation.id), peopleOf(conversation.organizationId)))
    .orderBy(asc(conversationParticipants.userId));
  return rows.map((row) => row.userId);
}
