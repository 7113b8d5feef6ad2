import { SEARCH_MIN_LENGTH, type SearchKind, type searchEverythingQuery } from '@smart/contracts';
import { and, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
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
  type Reader,
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

/** How a kind's records are found by their text: the rule of those the actor reads, the text, the order's columns. */
interface TextKind {
  readable: (reader: Reader) => SQL;
  text: SQL;
  order: { title: AnyPgColumn; updatedAt: AnyPgColumn; id: AnyPgColumn };
}

/** The records the actor reads whose text contains the term: title matches first, the latest changed first within each. */
function matchingText<Query extends PgSelect>(query: Query, kind: TextKind, { actor, pattern, limit }: KindSearch) {
  const { title, updatedAt, id } = kind.order;
  return query
    .where(and(kind.readable(actorReader(actor)), ilike(kind.text, pattern)))
    .orderBy(titleFirst(title, pattern), desc(updatedAt), desc(id))
    .limit(limit);
}

type RecordTable = typeof projects | typeof objectives | typeof tasks | typeof tickets;

/**
 * Projects, objectives, tasks and tickets: an organization's records with a title and a status,
 * found among those the actor reads (`readable`) by their `text`, each with its organization's name
 * and the kind's other `fields`; a kind whose fields name its project (projectId) joins it.
 */
function searchRecords<Table extends RecordTable, Fields extends SelectedFields & { projectId?: AnyPgColumn }>(
  table: Table,
  readable: TextKind['readable'],
  text: SQL,
  fields: Fields,
) {
  // Typed by the table's own columns (`table.status` alone would be any of the four kinds' statuses).
  const status: Table['status'] = table.status;
  return (db: Database, search: KindSearch) => {
    const records = db
      .select({
        id: table.id,
        title: table.title,
        status,
        ...fields,
        organizationName: organizations.name,
      })
      // The table's own type would leave drizzle's check of it undecided inside this generic function.
      .from(table as PgTable)
      .innerJoin(organizations, eq(organizations.id, table.organizationId))
      .$dynamic();
    const query = fields.projectId ? records.innerJoin(projects, eq(projects.id, fields.projectId)) : records;
    return matchingText(query, { readable, text, order: table }, search);
  };
}

const searchProjects = searchRecords(projects, readableProjects, workSearchText(projects), {});

/**
 * Objectives the actor reads (lib/read-rules readableObjectives: those of the projects it reads).
 * No organization-first index holds their text (migrations are not this change's to add): the
 * trigram index over all objectives (objectives_search_idx) finds the matches, as the templates'
 * does, and the organization filters them, so its cost grows with other organizations' matches.
 */
const searchObjectives = searchRecords(objectives, readableObjectives, workSearchText(objectives), {
  projectId: objectives.projectId,
  projectTitle: projects.title,
});

const searchTasks = searchRecords(tasks, readableTasks, workSearchText(tasks), {
  projectId: tasks.projectId,
  objectiveId: tasks.objectiveId,
  projectTitle: projects.title,
});

/** Tickets the actor reads (lib/read-rules readableTickets), as the tickets list. */
const searchTickets = searchRecords(tickets, readableTickets, ticketSearchText(tickets), {});

/** Templates of the library the actor sees (lib/read-rules readableTemplates). */
const searchTemplates = (db: Database, search: KindSearch) =>
  matchingText(
    db
      .select({
        id: templates.id,
        title: templates.name,
        departmentId: templates.departmentId,
        departmentName: templateDepartments.name,
        category: templates.category,
      })
      .from(templates)
      .innerJoin(templateDepartments, eq(templateDepartments.id, templates.departmentId))
      .$dynamic(),
    {
      readable: readableTemplates,
      text: templateSearchText(templates),
      order: { title: templates.name, updatedAt: templates.updatedAt, id: templates.id },
    },
    search,
  );

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

/** Each kind's matches, as its query reads them (presenter.ts turns them into results). */
export type SearchHits = { [K in SearchKind]: Awaited<ReturnType<(typeof SEARCHES)[K]>>[number] };
/** One kind's matches. */
export type KindRows<K extends SearchKind> = { kind: K; rows: SearchHits[K][] };
/** One kind's matches, typed by their kind. */
export type SearchGroupRows = { [K in SearchKind]: KindRows<K> }[SearchKind];

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
