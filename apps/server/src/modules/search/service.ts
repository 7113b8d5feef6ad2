import { SEARCH_MIN_LENGTH, type SearchKind, type searchEverythingQuery } from '@smart/contracts';
import { and, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import {
  conversationParticipants,
  conversations,
  messages,
  objectives,
  organizations,
  projects,
  tasks,
  templateDepartments,
  templateSearchText,
  templates,
  ticketSearchText,
  tickets,
  userSearchText,
  users,
  workSearchText,
} from '../../db/schema/index.js';
import {
  actorReader,
  readableConversations,
  readableObjectives,
  readableProjects,
  readableTasks,
  readableTemplates,
  readableTickets,
} from '../../lib/read-rules/index.js';
import { containsPattern } from '../../lib/sql.js';
import type { Actor } from '../../lib/tenancy.js';
import { searchableKinds } from './policy.js';

/**
 * GET /api/search: one statement per kind, each scoped in its WHERE by the kind's own
 * read rule and answered by an organization-first trigram index (migration search_everything), so
 * a search reads the caller's organizations' matches, never the platform's: the statements and
 * their cost do not grow with the other organizations' rows.
 */

type SearchQuery = z.output<typeof searchEverythingQuery>;

/** The text a preview of a message shows at most. */
const MESSAGE_PREVIEW_LENGTH = 120;

interface KindSearch {
  actor: Actor;
  pattern: string;
  limit: number;
}

/** Rows whose `title` contains the term come before those that match in their other text, newest first within each. */
const titleFirst = (title: AnyPgColumn | SQL, pattern: string) => sql`(${title} ilike ${pattern}) desc`;

function searchProjects(db: Database, { actor, pattern, limit }: KindSearch) {
  return db
    .select({
      id: projects.id,
      title: projects.title,
      status: projects.status,
      organizationName: organizations.name,
    })
    .from(projects)
    .innerJoin(organizations, eq(organizations.id, projects.organizationId))
    .where(and(readableProjects(actorReader(actor)), ilike(workSearchText(projects), pattern)))
    .orderBy(titleFirst(projects.title, pattern), desc(projects.updatedAt), desc(projects.id))
    .limit(limit);
}

/**
 * Objectives the actor reads (lib/read-rules readableObjectives: those of the projects it reads).
 * No organization-first index holds their text (migrations are not this change's to add): the
 * trigram index over all objectives (objectives_search_idx) finds the matches, as the templates'
 * does, and the organization filters them, so its cost grows with other organizations' matches.
 */
function searchObjectives(db: Database, { actor, pattern, limit }: KindSearch) {
  return db
    .select({
      id: objectives.id,
      title: objectives.title,
      status: objectives.status,
      projectId: objectives.projectId,
      projectTitle: projects.title,
      organizationName: organizations.name,
    })
    .from(objectives)
    .innerJoin(projects, eq(projects.id, objectives.projectId))
    .innerJoin(organizations, eq(organizations.id, objectives.organizationId))
    .where(and(readableObjectives(actorReader(actor)), ilike(workSearchText(objectives), pattern)))
    .orderBy(titleFirst(objectives.title, pattern), desc(objectives.updatedAt), desc(objectives.id))
    .limit(limit);
}

function searchTasks(db: Database, { actor, pattern, limit }: KindSearch) {
  return db
    .select({
      id: tasks.id,
      title: tasks.title,
      status: tasks.status,
      projectId: tasks.projectId,
      objectiveId: tasks.objectiveId,
      projectTitle: projects.title,
      organizationName: organizations.name,
    })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .innerJoin(organizations, eq(organizations.id, tasks.organizationId))
    .where(and(readableTasks(actorReader(actor)), ilike(workSearchText(tasks), pattern)))
    .orderBy(titleFirst(tasks.title, pattern), desc(tasks.updatedAt), desc(tasks.id))
    .limit(limit);
}

/** Tickets the actor reads (lib/read-rules readableTickets), as the tickets list. */
function searchTickets(db: Database, { actor, pattern, limit }: KindSearch) {
  return db
    .select({
      id: tickets.id,
      title: tickets.title,
      status: tickets.status,
      organizationName: organizations.name,
    })
    .from(tickets)
    .innerJoin(organizations, eq(organizations.id, tickets.organizationId))
    .where(and(readableTickets(actorReader(actor)), ilike(ticketSearchText(tickets), pattern)))
    .orderBy(titleFirst(tickets.title, pattern), desc(tickets.updatedAt), desc(tickets.id))
    .limit(limit);
}

/** Templates of the library the actor sees (lib/read-rules readableTemplates). */
function searchTemplates(db: Database, { actor, pattern, limit }: KindSearch) {
  return db
    .select({
      id: templates.id,
      title: templates.name,
      departmentId: templates.departmentId,
      departmentName: templateDepartments.name,
      category: templates.category,
    })
    .from(templates)
    .innerJoin(templateDepartments, eq(templateDepartments.id, templates.departmentId))
    .where(and(readableTemplates(actorReader(actor)), ilike(templateSearchText(templates), pattern)))
    .orderBy(titleFirst(templates.name, pattern), desc(templates.updatedAt), desc(templates.id))
    .limit(limit);
}

/** Active people of the actor's own organization (policy.ts: the member managers, who open them on Team Members). */
function searchPeople(db: Database, { actor, pattern, limit }: KindSearch) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      jobTitle: users.jobTitle,
    })
    .from(users)
    .where(
      and(
        // No organization, no people ('' would be no uuid: a database error, not an empty group).
        actor.organizationId ? eq(users.organizationId, actor.organizationId) : sql`false`,
        eq(users.isActive, true),
        ilike(userSearchText(users), pattern),
      ),
    )
    .orderBy(users.lastName, users.firstName, users.id)
    .limit(limit);
}

/**
 * Messages of the conversations the actor reads (lib/read-rules readableConversations), gathered
 * once from its participations, then the conversation-first index finds the matches inside them only.
 */
function searchMessages(db: Database, { actor, pattern, limit }: KindSearch) {
  const readable = db
    .select({ id: conversationParticipants.conversationId })
    .from(conversationParticipants)
    .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
    .where(and(eq(conversationParticipants.userId, actor.id), readableConversations(actorReader(actor))));
  return db
    .select({
      id: messages.id,
      content: sql<string>`left(${messages.content}, ${MESSAGE_PREVIEW_LENGTH})`,
      conversationId: messages.conversationId,
      conversationTitle: conversations.title,
      senderFirstName: users.firstName,
      senderLastName: users.lastName,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .leftJoin(users, eq(users.id, messages.senderId))
    .where(and(sql`${messages.conversationId} = any(array(${readable}))`, ilike(messages.content, pattern)))
    .orderBy(desc(messages.seq))
    .limit(limit);
}

const SEARCHES = {
  projects: searchProjects,
  objectives: searchObjectives,
  tasks: searchTasks,
  tickets: searchTickets,
  templates: searchTemplates,
  people: searchPeople,
  messages: searchMessages,
} satisfies Record<SearchKind, (db: Database, search: KindSearch) => Promise<unknown[]>>;

type Hits = { [K in SearchKind]: Awaited<ReturnType<(typeof SEARCHES)[K]>>[number] };
export type ProjectHit = Hits['projects'];
export type ObjectiveHit = Hits['objectives'];
export type TaskHit = Hits['tasks'];
export type TicketHit = Hits['tickets'];
export type TemplateHit = Hits['templates'];
export type PersonHit = Hits['people'];
export type MessageHit = Hits['messages'];
/** One kind's matches, typed by their kind (presenter.ts turns each into results). */
export type SearchGroupRows = { [K in SearchKind]: { kind: K; rows: Hits[K][] } }[SearchKind];

/**
 * The kinds asked for that the actor may search, each with its matches (at most `limit`), in the
 * asked order; a term shorter than SEARCH_MIN_LENGTH finds nothing without asking the database.
 */
export async function searchEverything(db: Database, actor: Actor, query: SearchQuery): Promise<SearchGroupRows[]> {
  if (query.q.length < SEARCH_MIN_LENGTH) return [];
  const search: KindSearch = { actor, pattern: containsPattern(query.q), limit: query.limit };
  const kinds = searchableKinds(actor, query.types);
  const groups = await Promise.all(
    kinds.map(async (kind) => ({ kind, rows: await SEARCHES[kind](db, search) }) as SearchGroupRows),
  );
  return groups.filter((group) => group.rows.length > 0);
}
