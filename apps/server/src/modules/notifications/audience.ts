import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '@smart/contracts';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AudienceRule,
  advisorAssignments,
  advisorSessionAttendees,
  advisorSessions,
  conversationParticipants,
  conversations,
  projects,
  tasks,
  teams,
  tickets,
  users,
} from '../../db/schema/index.js';
import { uuidArray } from '../../lib/sql.js';
import { activeAssignment } from '../../lib/tenancy.js';

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
export interface PersonRef {
  id: SQL;
  role: SQL;
  organizationId: SQL;
}

export const personOf = (alias: string): PersonRef => ({
  id: sql.raw(`${alias}.id`),
  role: sql.raw(`${alias}.role`),
  organizationId: sql.raw(`${alias}.organization_id`),
});

const advisorActsIn = (person: PersonRef, organizationId: SQL) =>
  sql`(${person.role} = 'advisor' and exists (select 1 from ${advisorAssignments} where ${activeAssignment(person.id, organizationId)}))`;

const memberOf = (person: PersonRef, organizationId: SQL) =>
  sql`(${person.organizationId} = ${organizationId} and ${person.role} in ('user', 'org_admin'))`;

const isAdmin = (person: PersonRef) => sql`(${person.role} = 'admin')`;

/**
 * Whether the person may read the record now: the same rules as the routes' policies (projects:
 * members and admin; tasks: also an advisor acting in the organization for its own tasks; tickets
 * and organizations: members, active advisors, admin; conversations: participants still acting in
 * the organization; account: its owner; session: its advisor, the organization's org_admin, and
 * its booker and attendees while members of the organization — modules/scheduling/policy.ts). A deleted record is read by nobody.
 */
export function readableBy(person: PersonRef, record: RecordRef): SQL {
  const org = record.organizationId;
  return sql`(case ${record.type}
    when 'project' then exists (select 1 from ${projects} where ${projects.id} = ${record.id})
      and (${isAdmin(person)} or ${memberOf(person, org)})
    when 'task' then exists (select 1 from ${tasks} where ${tasks.id} = ${record.id}
      and (${isAdmin(person)} or ${memberOf(person, org)}
        or (${tasks.assignedTo} = ${person.id} and ${advisorActsIn(person, org)})))
    when 'ticket' then exists (select 1 from ${tickets} where ${tickets.id} = ${record.id})
      and (${isAdmin(person)} or ${person.organizationId} = ${org} or ${advisorActsIn(person, org)})
    when 'organization' then ${isAdmin(person)} or ${person.organizationId} = ${org} or ${advisorActsIn(person, org)}
    when 'conversation' then exists (select 1 from ${conversationParticipants}
        where ${conversationParticipants.conversationId} = ${record.id} and ${conversationParticipants.userId} = ${person.id})
      and (${isAdmin(person)} or ${person.organizationId} = ${org} or ${advisorActsIn(person, org)})
    when 'account' then ${person.id} = ${record.id}
    when 'session' then exists (select 1 from ${advisorSessions} where ${advisorSessions.id} = ${record.id}
      and (${isAdmin(person)} or ${advisorSessions.advisorId} = ${person.id}
        or (${memberOf(person, org)} and (${person.role} = 'org_admin' or ${advisorSessions.bookedBy} = ${person.id}
          or exists (select 1 from ${advisorSessionAttendees} where ${advisorSessionAttendees.sessionId} = ${record.id}
            and ${advisorSessionAttendees.userId} = ${person.id})))))
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
