import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '@smart/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  type AudienceRule,
  advisorAssignments,
  advisorMeetings,
  conversationParticipants,
  conversations,
  projects,
  tasks,
  teams,
  tickets,
  timeApprovals,
  users,
} from '../../db/schema/index.js';
import {
  type PersonColumns,
  personColumns,
  personReader,
  readableConversations,
  readableMeetings,
  readableProjects,
  readableTasks,
  readableTickets,
  readableTimeApprovals,
  readsOrganization,
  seesAllOrganizations,
  whereOf,
} from '../../lib/read-rules/index.js';
import { qualified, uuidArray } from '../../lib/sql.js';

/*
 * Who hears about an event, in SQL: the candidates an event names (audience rules), and the one
 * rule "can this person read the record" that fan-out, delivery, mentions and subscriptions all
 * ask. Everything here is a set: one event to 500 people is the same few statements as to one.
 */

/** A record as the SQL sees it: its type, id and organization (parameters or columns). */
export interface RecordRef {
  type: SQL;
  id: SQL;
  organizationId: SQL;
}

/** A person as the SQL sees it: columns of a `users` row under some alias. */
export type PersonRef = PersonColumns;

export const personOf = personColumns;

/** The record of the id exists and the rule lets the person read it. */
const recordWhere = (idColumn: AnyPgColumn, id: SQL, rule: SQL) =>
  sql`exists (select 1 from ${idColumn.table} where ${qualified(idColumn)} = ${id} and ${rule})`;

/**
 * Whether the person may read the record now: for each record type the rule its list, its GET and
 * search use (lib/read-rules); an organization: its members, active advisors, admin; an account: its
 * owner; a scheduled backup: admins. A deleted record is read by nobody.
 */
export function readableBy(person: PersonRef, record: RecordRef): SQL {
  const reader = personReader(person);
  const org = record.organizationId;
  const { id } = record;
  return sql`(case ${record.type}
    when 'project' then ${recordWhere(projects.id, id, readableProjects(reader))}
    when 'task' then ${recordWhere(tasks.id, id, readableTasks(reader))}
    when 'ticket' then ${recordWhere(tickets.id, id, readableTickets(reader))}
    when 'organization' then ${whereOf(readsOrganization(reader, org))}
    when 'conversation' then ${recordWhere(conversations.id, id, readableConversations(reader))}
    when 'account' then ${person.id} = ${id}
    when 'session' then ${recordWhere(advisorMeetings.id, id, readableMeetings(reader))}
    when 'backup' then ${whereOf(seesAllOrganizations(reader))}
    when 'time_approval' then ${recordWhere(timeApprovals.id, id, readableTimeApprovals(reader))}
    else false end)`;
}

/** The candidate user ids an event's audience names, as one `select user_id` (a union: each part names its column, whichever comes first). */
export function audienceCandidates(rule: AudienceRule, organizationId: string | null): SQL {
  const parts: SQL[] = [];
  const ids = [...(rule.users ?? []), ...(rule.withoutAccessCheck ?? [])];
  if (ids.length > 0) parts.push(sql`select unnest(${uuidArray(ids)}) as user_id`);
  if (rule.organizationMembers && organizationId) {
    parts.push(
      sql`select ${users.id} as user_id from ${users} where ${users.organizationId} = ${organizationId} and ${users.isActive}${
        rule.organizationMembers === 'org_admin' ? sql` and ${users.role} = 'org_admin'` : sql``
      }`,
    );
  }
  if (rule.organizationAdvisors && organizationId) {
    parts.push(
      sql`select ${advisorAssignments.advisorId} as user_id from ${advisorAssignments}
        where ${advisorAssignments.organizationId} = ${organizationId} and ${advisorAssignments.isActive}`,
    );
  }
  if (rule.conversationParticipants) {
    parts.push(
      sql`select ${conversationParticipants.userId} as user_id from ${conversationParticipants}
        where ${conversationParticipants.conversationId} = ${rule.conversationParticipants}`,
    );
  }
  if (rule.projectPeople) {
    const project = rule.projectPeople;
    parts.push(sql`select ${projects.createdBy} as user_id from ${projects} where ${projects.id} = ${project}`);
    parts.push(
      sql`select ${teams.teamLeadId} as user_id from ${projects} join ${teams} on ${teams.id} = ${projects.teamId}
        where ${projects.id} = ${project}`,
    );
    parts.push(
      sql`select distinct ${tasks.assignedTo} as user_id from ${tasks} where ${tasks.projectId} = ${project}
        and ${tasks.assignedTo} is not null`,
    );
  }
  if (parts.length === 0) return sql`select null::uuid as user_id where false`;
  // A union takes its column's name from its first part: name it, whichever part comes first.
  return sql`select user_id from (${sql.join(parts, sql` union `)}) as candidate(user_id)`;
}

type Group = keyof NotificationPreferences;

/** One stored toggle of the person (a `users` alias), its default when never set. */
export function preference<G extends Group>(alias: string, group: G, key: keyof NotificationPreferences[G] & string) {
  const fallback = (DEFAULT_NOTIFICATION_PREFERENCES[group] as Record<string, boolean>)[key];
  return sql`coalesce((${sql.raw(`${alias}.notification_preferences`)} #>> ${`{${group},${key}}`}::text[])::boolean, ${fallback})`;
}

/** A conversation's organization, for the subscription and mention checks that start from an id. */
export const recordOrganization = {
  project: (id: string) => sql`(select ${projects.organizationId} from ${projects} where ${projects.id} = ${id})`,
  task: (id: string) => sql`(select ${tasks.organizationId} from ${tasks} where ${tasks.id} = ${id})`,
  ticket: (id: string) => sql`(select ${tickets.organizationId} from ${tickets} where ${tickets.id} = ${id})`,
  conversation: (id: string) =>
    sql`(select ${conversations.organizationId} from ${conversations} where ${conversations.id} = ${id})`,
} as const;
