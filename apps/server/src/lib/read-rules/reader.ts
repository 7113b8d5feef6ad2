import { type PermissionFlag, ROLE_FLAGS, ROLES, type Role, resolveRole } from '@smart/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { advisorAssignments, organizations } from '../../db/schema/index.js';
import { qualified } from '../sql.js';
import { type Actor, activeAssignment } from '../tenancy.js';

/*
 * The reader of a read rule (docs/decisions/0245-one-read-rule-per-record-type.md). A rule is
 * written once, with the predicates below; who reads decides what SQL they become:
 * - a signed-in actor the server knows (a route, search): its role folds each predicate to `true`,
 *   `false` or a comparison with its ids, so a list's WHERE is the one its indexes answer;
 * - a person the SQL ranges over (the notification fan-out's recipients: columns of a `users`
 *   alias): the role is compared in SQL, for every recipient in one statement.
 */

/** A person as the SQL sees it: columns of a `users` row under some alias. */
export interface PersonColumns {
  id: SQL;
  role: SQL;
  organizationId: SQL;
}

export type Reader =
  | { kind: 'actor'; actor: Pick<Actor, 'id' | 'role' | 'organizationId'> }
  | { kind: 'person'; person: PersonColumns };

export const actorReader = (actor: Pick<Actor, 'id' | 'role' | 'organizationId'>): Reader => ({ kind: 'actor', actor });

export const personReader = (person: PersonColumns): Reader => ({ kind: 'person', person });

/** The columns of a `users` row under `alias`. */
export const personColumns = (alias: string): PersonColumns => ({
  id: sql.raw(`${alias}.id`),
  role: sql.raw(`${alias}.role`),
  organizationId: sql.raw(`${alias}.organization_id`),
});

/** A condition, or what it folded to for a known actor. */
export type Condition = SQL | boolean;

export function anyOf(...conditions: Condition[]): Condition {
  if (conditions.includes(true)) return true;
  const open = conditions.filter((condition): condition is SQL => condition !== false);
  if (open.length <= 1) return open[0] ?? false;
  return sql`(${sql.join(open, sql` or `)})`;
}

export function allOf(...conditions: Condition[]): Condition {
  if (conditions.includes(false)) return false;
  const open = conditions.filter((condition): condition is SQL => condition !== true);
  if (open.length <= 1) return open[0] ?? true;
  return sql`(${sql.join(open, sql` and `)})`;
}

/** The condition for a WHERE. */
export const whereOf = (condition: Condition): SQL =>
  condition === true ? sql`true` : condition === false ? sql`false` : condition;

/** The reader's role is one of `roles`. */
export function roleIn(reader: Reader, roles: readonly Role[]): Condition {
  if (reader.kind === 'actor') return roles.includes(resolveRole(reader.actor));
  if (roles.length === ROLES.length) return true;
  if (roles.length === 0) return false;
  // Role names are the code's own constants, written as literals so the plans show them.
  return sql`${reader.person.role} in (${sql.raw(roles.map((role) => `'${role}'`).join(', '))})`;
}

/** The reader's role grants the flag (contracts' ROLE_FLAGS). */
export const holdsFlag = (reader: Reader, flag: PermissionFlag): Condition =>
  roleIn(
    reader,
    ROLES.filter((role) => ROLE_FLAGS[role][flag]),
  );

/** Platform reach (admin). */
export const seesAllOrganizations = (reader: Reader) => holdsFlag(reader, 'canAccessAllOrganizations');

/** The person a column names is the reader. */
export const isReader = (reader: Reader, person: SQL): Condition =>
  sql`${person} = ${reader.kind === 'actor' ? reader.actor.id : reader.person.id}`;

/** The reader belongs to the organization (whatever its role). */
export function memberOf(reader: Reader, organization: SQL): Condition {
  if (reader.kind === 'person') return sql`${reader.person.organizationId} = ${organization}`;
  return reader.actor.organizationId ? sql`${organization} = ${reader.actor.organizationId}` : false;
}

/**
 * The reader works in the organization: a member, or an advisor with an active assignment to it
 * (lib/tenancy.ts canActInOrganization). For a known advisor its organizations are gathered once
 * (an InitPlan), which an organization-first index then looks up one by one.
 */
export function worksIn(reader: Reader, organization: SQL): Condition {
  if (reader.kind === 'person') {
    const { person } = reader;
    return sql`(${person.organizationId} = ${organization} or (${person.role} = 'advisor'
      and exists (select 1 from ${advisorAssignments} where ${activeAssignment(person.id, organization)})))`;
  }
  const { actor } = reader;
  if (resolveRole(actor) !== 'advisor') return memberOf(reader, organization);
  const id = qualified(organizations.id);
  const own = actor.organizationId ? sql`${id} = ${actor.organizationId} or ` : sql``;
  return sql`${organization} = any(array(select ${id} from ${organizations} where ${own}exists (
    select 1 from ${advisorAssignments} where ${activeAssignment(actor.id, id)})))`;
}

/** Reading an organization and what all its people read (tickets): admin, and whoever works in it. */
export const readsOrganization = (reader: Reader, organization: SQL): Condition =>
  anyOf(seesAllOrganizations(reader), worksIn(reader, organization));
