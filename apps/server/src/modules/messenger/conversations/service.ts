import {
  ADVISOR_CONVERSATION_TITLE,
  type ConversationType,
  type conversationListQuery,
  type createConversationBody,
  displayName,
  GENERAL_CONVERSATION_TITLE,
  MAX_CONVERSATION_TITLE_LENGTH,
  UI_TEXT,
  type updateConversationBody,
} from '@smart/contracts';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../../db/client.js';
import { type ConversationRow, conversations, users } from '../../../db/schema/index.js';
import { badRequest, forbidden, notFound } from '../../../lib/errors.js';
import type { Page } from '../../../lib/paging.js';
import {
  type Actor,
  isAdvisor,
  isPersonOf,
  requireActsInNamed,
  seesAllOrganizations,
  usersArePeopleOf,
} from '../../../lib/tenancy.js';
import { userSummaryOf } from '../../people/index.js';
import {
  addMembersOfOrganization,
  addParticipants,
  participantIdsOf,
  removeParticipants,
  requireParticipants,
} from './participants.js';
import { canChangeConversationStatus, canEditConversation, canManageParticipants } from './policy.js';
import { type ConversationRecord, loadConversationRecord, selectConversationRecords } from './records.js';

type ListQuery = z.output<typeof conversationListQuery>;

/**
 * GET /api/conversations (and the advisor chats): the caller's conversations, most recent activity
 * first, in one statement (records.ts); a page past the end asks once more for the total.
 */
export async function listConversations(
  db: Database,
  actor: Actor,
  query: ListQuery,
  types?: readonly ConversationType[],
): Promise<Page<ConversationRecord>> {
  const where = and(
    types ? inArray(conversations.type, [...types]) : undefined,
    query.organizationId ? eq(conversations.organizationId, query.organizationId) : undefined,
  );
  const items = await selectConversationRecords(db, actor, where)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const total =
    items[0]?.total ??
    (query.page > 1 ? ((await selectConversationRecords(db, actor, where).limit(1))[0]?.total ?? 0) : 0);
  return {
    items,
    pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
  };
}

/** The conversation as the caller's list shows it; 404 unless the caller is in it and one of its organization's people. */
export async function readConversation(db: Database, actor: Actor, id: string): Promise<ConversationRecord> {
  const record = await loadConversationRecord(db, actor, id);
  if (!record) throw notFound(UI_TEXT.conversationNotFound);
  return record;
}

/**
 * The organization the actor opens or creates a conversation in: the one it names or its own, and
 * only one whose people it is among (its own; for an advisor one it acts in): else 404.
 */
async function organizationToTalkIn(db: Database, actor: Actor, requested: string | undefined): Promise<string> {
  const organizationId = requested ?? actor.organizationId;
  if (!organizationId) throw badRequest(UI_TEXT.noOrganizationForMessenger);
  if (!(await isPersonOf(db, actor, organizationId))) throw notFound(UI_TEXT.organizationNotFound);
  return organizationId;
}

type CreateBody = z.output<typeof createConversationBody>;

/**
 * POST /api/conversations: a group conversation in the caller's organization (an advisor names one
 * it is assigned to), with the caller and the named people (each one of the organization's people, else 400).
 */
export async function createConversation(db: Database, actor: Actor, body: CreateBody): Promise<ConversationRow> {
  const organizationId = await organizationToTalkIn(db, actor, body.organizationId);
  await requireParticipants(db, organizationId, body.participantIds);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(conversations)
      .values({
        organizationId,
        title: body.title,
        type: 'group',
        category: body.category,
        priority: body.priority,
        description: body.description ?? null,
        tags: body.tags ?? [],
        createdBy: actor.id,
      })
      .returning();
    if (!created) throw new Error('insert returned no row');
    await addParticipants(tx, created, [actor.id, ...body.participantIds]);
    return created;
  });
}

/** What an update did, for the announcements after it commits. */
export interface ConversationChange {
  conversation: ConversationRow;
  statusChanged: boolean;
  added: string[];
  removed: string[];
}

type UpdateBody = z.output<typeof updateConversationBody>;

/**
 * PUT /api/conversations/{id}: title (canEdit), status (canChangeStatus), participantIds — the whole
 * new list (canManageParticipants; the caller and the advisor of an advisor chat stay in it).
 */
export async function updateConversation(
  db: Database,
  actor: Actor,
  id: string,
  body: UpdateBody,
): Promise<ConversationChange> {
  const { conversation } = await readConversation(db, actor, id);
  const titleChanges = body.title !== undefined && body.title !== conversation.title;
  const statusChanged = body.status !== undefined && body.status !== conversation.status;
  if (titleChanges && !canEditConversation(actor, conversation)) throw forbidden();
  if (statusChanged && !canChangeConversationStatus(actor, conversation)) throw forbidden();
  let added: string[] = [];
  let removed: string[] = [];
  if (body.participantIds) {
    const wanted = new Set(body.participantIds);
    const current = await participantIdsOf(db, conversation.id);
    added = [...wanted].filter((userId) => !current.includes(userId));
    removed = current.filter((userId) => !wanted.has(userId));
    if (added.length + removed.length > 0 && !canManageParticipants(actor, conversation)) throw forbidden();
    if (conversation.advisorId && removed.includes(conversation.advisorId)) {
      throw badRequest(UI_TEXT.advisorStaysInChat);
    }
    if (removed.includes(actor.id)) throw badRequest(UI_TEXT.cannotRemoveYourself);
    await requireParticipants(db, conversation.organizationId, added);
  }
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(conversations)
      .set({
        ...(titleChanges && { title: body.title }),
        ...(statusChanged && { status: body.status }),
        updatedAt: new Date(),
      })
      .where(eq(conversations.id, conversation.id))
      .returning();
    await addParticipants(tx, conversation, added);
    await removeParticipants(tx, conversation.id, removed);
    return row ?? conversation;
  });
  return { conversation: updated, statusChanged, added, removed };
}

/** A once-only conversation, and whether this request made it (its people are then told). */
export interface GotConversation {
  conversation: ConversationRow;
  created: boolean;
}

/**
 * The unique index each kind of once-only conversation has (schema/messenger.ts), and whether the
 * whole organization joins a new one (a private chat is only its two people's).
 */
const ONCE_PER = {
  general: { target: [conversations.organizationId], where: sql.raw(`type = 'general'`), everyone: true },
  ticket: {
    target: [conversations.organizationId, conversations.advisorId],
    where: sql.raw(`type = 'ticket'`),
    everyone: true,
  },
  direct: {
    target: [conversations.organizationId, conversations.advisorId, conversations.memberId],
    where: sql.raw('member_id is not null'),
    everyone: false,
  },
};

/**
 * Gets or creates a conversation that exists at most once (the unique index covers it): the insert
 * does nothing when another request made it first, even at the same moment, and both read the one
 * row. A new organization-wide one gets every active member of the organization; the caller (and
 * `alsoAdd`) join it either way.
 */
async function getOrCreate(
  db: Database,
  actor: Actor,
  values: typeof conversations.$inferInsert & { type: keyof typeof ONCE_PER },
  find: SQL,
  alsoAdd: string[] = [],
): Promise<GotConversation> {
  const { target, where, everyone } = ONCE_PER[values.type];
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(conversations).values(values).onConflictDoNothing({ target, where }).returning();
    const conversation = created ?? (await tx.select().from(conversations).where(find).limit(1))[0];
    if (!conversation) throw new Error('get-or-create found no conversation');
    if (created && everyone) await addMembersOfOrganization(tx, conversation);
    await addParticipants(tx, conversation, [actor.id, ...alsoAdd]);
    return { conversation, created: created !== undefined };
  });
}

/**
 * GET /api/conversations/general: the organization's general conversation (Messenger without ?org=
 * when the caller has none), made once; the caller joins it.
 */
export function generalConversation(db: Database, actor: Actor, requested: string | undefined) {
  return organizationToTalkIn(db, actor, requested).then((organizationId) =>
    getOrCreate(
      db,
      actor,
      { organizationId, type: 'general', title: GENERAL_CONVERSATION_TITLE, createdBy: actor.id },
      and(eq(conversations.organizationId, organizationId), eq(conversations.type, 'general')) as SQL,
    ),
  );
}

/** The organization's active advisors, by name: who a member may chat with. */
export function activeAdvisorsOf(db: Database, organizationId: string) {
  return db
    .select({ ...userSummaryOf(users), specialties: users.specialties, experience: users.experience })
    .from(users)
    .where(and(eq(users.role, 'advisor'), usersArePeopleOf(users, organizationId)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

/** GET /api/conversations/advisors/available: a member's organization's active advisors; nobody else has any. */
export async function availableAdvisors(db: Database, actor: Actor) {
  if (isAdvisor(actor) || seesAllOrganizations(actor) || !actor.organizationId) return [];
  return activeAdvisorsOf(db, actor.organizationId);
}

/**
 * The member's organization and the advisor it names among its organization's active ones (without
 * a name, the first): 403 for admins and advisors, 404 when there is none.
 */
async function advisorOfMember(db: Database, actor: Actor, requested: string | undefined) {
  if (isAdvisor(actor) || seesAllOrganizations(actor) || !actor.organizationId) {
    throw forbidden(UI_TEXT.advisorChatMembersOnly);
  }
  const advisors = await activeAdvisorsOf(db, actor.organizationId);
  const advisor = requested ? advisors.find((one) => one.id === requested) : advisors[0];
  if (!advisor) throw notFound(requested ? UI_TEXT.advisorNotFound : UI_TEXT.noAdvisorAssigned);
  return { organizationId: actor.organizationId, advisorId: advisor.id, advisor };
}

/**
 * GET /api/conversations/advisors/conversation: the chat between an organization and one of its
 * advisors ('General Discussion'), made once. An advisor names the organization (?org=); a member
 * names the advisor, or gets its organization's first active one.
 */
export async function advisorConversation(
  db: Database,
  actor: Actor,
  query: { advisorId?: string; organizationId?: string },
): Promise<GotConversation> {
  let organizationId: string;
  let advisorId: string;
  if (isAdvisor(actor)) {
    if (!query.organizationId) throw badRequest(UI_TEXT.advisorNamesOrganization);
    organizationId = await organizationToTalkIn(db, actor, query.organizationId);
    advisorId = actor.id;
  } else {
    await requireActsInNamed(db, actor, query.organizationId);
    ({ organizationId, advisorId } = await advisorOfMember(db, actor, query.advisorId));
  }
  return getOrCreate(
    db,
    actor,
    { organizationId, type: 'ticket', title: ADVISOR_CONVERSATION_TITLE, advisorId, createdBy: actor.id },
    and(
      eq(conversations.organizationId, organizationId),
      eq(conversations.advisorId, advisorId),
      eq(conversations.type, 'ticket'),
    ) as SQL,
    [advisorId],
  );
}

/**
 * GET /api/conversations/advisors/private: a member's private chat with one of its organization's
 * active advisors ('Chat with your advisor'), made once per member, advisor and
 * organization; only the two of them are in it. Its stored title names both (each side is shown
 * the other's name: presenter.ts).
 */
export async function privateAdvisorConversation(
  db: Database,
  actor: Actor,
  query: { advisorId?: string },
): Promise<GotConversation> {
  const { organizationId, advisorId, advisor } = await advisorOfMember(db, actor, query.advisorId);
  // Cut to the limit, never between the two halves of a character outside the BMP (an emoji in a name).
  const title = `${displayName(actor)} and ${displayName(advisor)}`
    .slice(0, MAX_CONVERSATION_TITLE_LENGTH)
    .replace(/[\uD800-\uDBFF]$/, '');
  return getOrCreate(
    db,
    actor,
    { organizationId, type: 'direct', title, advisorId, memberId: actor.id, createdBy: actor.id },
    and(
      eq(conversations.organizationId, organizationId),
      eq(conversations.advisorId, advisorId),
      eq(conversations.memberId, actor.id),
    ) as SQL,
    [advisorId],
  );
}
