import { type PermissionFlag, ROLE_FLAGS, resolveRole, UI_TEXT } from '@smart/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.js';
import { advisorAssignments, organizations, type UserRow } from '../db/schema/index.js';
import { badRequest, forbidden, notFound } from './errors.js';
import { currentTokenBinding } from './request-context.js';
import { qualified, uuidArray } from './sql.js';

/**
 * Tenancy: which organization's records an actor may see and change. Every service asks these functions; none compares organization ids itself.
 */

/** The signed-in user a request acts as: enough to decide access, never the password hash or profile text. */
export type Actor = Pick<
  UserRow,
  'id' | 'email' | 'role' | 'organizationId' | 'departmentId' | 'firstName' | 'lastName'
>;

/** Whether the actor's role grants the flag (contracts' ROLE_FLAGS, the one role → flag map). */
export const hasFlag = (actor: Pick<Actor, 'role'>, flag: PermissionFlag): boolean =>
  ROLE_FLAGS[resolveRole(actor)][flag];

/** Platform reach (admin): canAccessAllOrganizations waives organization membership. */
export const seesAllOrganizations = (actor: Pick<Actor, 'role'>) => hasFlag(actor, 'canAccessAllOrganizations');

export const isMemberOf = (actor: Pick<Actor, 'organizationId'>, organizationId: string | null) =>
  actor.organizationId !== null && actor.organizationId === organizationId;

/** Reading an organization's records (departments, teams, members): its members, and platform reach. */
export const canSeeIn = (actor: Actor, organizationId: string | null) =>
  seesAllOrganizations(actor) || isMemberOf(actor, organizationId);

/** Changing an organization's records: the flag and membership, or platform reach. */
export const canManageIn = (actor: Actor, organizationId: string | null, flag: PermissionFlag) =>
  seesAllOrganizations(actor) || (hasFlag(actor, flag) && isMemberOf(actor, organizationId));

/** 403 unless the actor may change the organization's records of this kind. */
export function requireManageIn(actor: Actor, organizationId: string | null, flag: PermissionFlag) {
  if (!canManageIn(actor, organizationId, flag)) throw forbidden();
}

export const isAdvisor = (actor: Pick<Actor, 'role'>) => actor.role === 'advisor';

/**
 * An active assignment of the advisor to the organization column's organization. A closed
 * organization's assignments rest until it is reopened
 * (docs/decisions/0062-a-closed-organizations-advisors-wait-for-its-reopening.md). In a request
 * made with an advisor's API token, that advisor's assignments count only in the organizations
 * the token names (decision 0276): every check of an advisor's reach comes through here.
 */
export const activeAssignment = (
  advisorId: AnyPgColumn | SQL | string,
  organization: AnyPgColumn | SQL | string,
): SQL =>
  sql`${advisorAssignments.advisorId} = ${advisorId} and ${advisorAssignments.organizationId} = ${organization}
    and ${advisorAssignments.isActive} and exists (select 1 from ${organizations} where ${qualified(organizations.id)}
      = ${qualified(advisorAssignments.organizationId)} and ${qualified(organizations.closedAt)} is null)${tokenBound()}`;

/** The current request's token binding as a further condition on the assignment row, if there is one. */
function tokenBound(): SQL {
  const binding = currentTokenBinding();
  if (!binding) return sql``;
  // Only the token's own advisor is bound: another advisor's assignments (who advises this organization) stay as they are.
  return sql`
    and (${qualified(advisorAssignments.advisorId)} <> ${binding.advisorId}::uuid
      or ${qualified(advisorAssignments.organizationId)} = any(${uuidArray(binding.organizationIds)}))`;
}

/**
 * The organizations an advisor token's request may name, as a condition on an organization column:
 * for lists of the advisor's own assignments, active or not (everything else goes through activeAssignment).
 */
export function tokenReaches(organizationColumn: AnyPgColumn | SQL): SQL {
  const binding = currentTokenBinding();
  return binding ? sql`${organizationColumn} = any(${uuidArray(binding.organizationIds)})` : sql`true`;
}

/**
 * Acting in organization X: its members, platform reach, and an advisor with an active
 * assignment to X (the one check that lets an advisor in; ending the assignment takes effect on
 * the next request).
 */
export async function canActInOrganization(db: Database, actor: Actor, organizationId: string): Promise<boolean> {
  if (canSeeIn(actor, organizationId)) return true;
  if (!isAdvisor(actor)) return false;
  const [row] = await db
    .select({ id: advisorAssignments.id })
    .from(advisorAssignments)
    .where(activeAssignment(actor.id, organizationId))
    .limit(1);
  return row !== undefined;
}

/**
 * The organizations an actor works for, as a condition on an organization id column: all with
 * platform reach, the assigned ones for an advisor, else its own.
 */
export function organizationsWorkedFor(actor: Actor, organizationColumn: AnyPgColumn | SQL): SQL {
  if (seesAllOrganizations(actor)) return sql`true`;
  if (isAdvisor(actor)) {
    return sql`exists (select 1 from ${advisorAssignments} where ${activeAssignment(actor.id, organizationColumn)})`;
  }
  return actor.organizationId ? sql`${organizationColumn} = ${actor.organizationId}` : sql`false`;
}

/** The ids of the organizations an actor works for (not for platform reach: that is every one). */
export async function organizationIdsWorkedFor(db: Database, actor: Actor): Promise<string[]> {
  const rows = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(organizationsWorkedFor(actor, organizations.id));
  return rows.map((row) => row.id);
}

/** Which organization a list shows. */
export type OrganizationScope =
  | { kind: 'all' }
  | { kind: 'one'; organizationId: string }
  /** An actor without organization or platform reach: nothing. */
  | { kind: 'none' };

/**
 * The scope of a list: the actor's own organization, whatever it asks for; with platform reach
 * the organization it names (404 "Organization not found" when there is none) or every one.
 */
export async function organizationScope(
  db: Database,
  actor: Actor,
  requested: string | undefined,
): Promise<OrganizationScope> {
  if (seesAllOrganizations(actor)) {
    if (!requested) return { kind: 'all' };
    await requireOrganization(db, requested);
    return { kind: 'one', organizationId: requested };
  }
  return actor.organizationId ? { kind: 'one', organizationId: actor.organizationId } : { kind: 'none' };
}

/** The scope as a condition on a table's organization column, for the list's WHERE. */
export function inScope(scope: OrganizationScope, organizationColumn: AnyPgColumn): SQL {
  if (scope.kind === 'all') return sql`true`;
  return scope.kind === 'one' ? eq(organizationColumn, scope.organizationId) : sql`false`;
}

/** 404 "Organization not found" unless the organization exists. */
export async function requireOrganization(db: Database, organizationId: string): Promise<void> {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  if (!row) throw notFound(UI_TEXT.organizationNotFound);
}

/**
 * A request naming an organization (a body's organizationId) where the actor may not act: 404
 * "Organization not found", as for any other tenant's record, never a silent fallback to its own.
 */
export async function requireActsInNamed(db: Database, actor: Actor, requested: string | undefined): Promise<void> {
  if (requested && !(await canActInOrganization(db, actor, requested))) throw notFound(UI_TEXT.organizationNotFound);
}

/**
 * The organization a new record goes into: the actor's own; with platform reach the one it names
 * (404 when unknown). Naming another one is 404 where the actor may not act, 403 where it acts
 * without creating (an advisor). 400 when there is none, 403 without the flag there.
 */
export async function organizationToCreateIn(
  db: Database,
  actor: Actor,
  requested: string | undefined,
  flag: PermissionFlag,
): Promise<string> {
  await requireActsInNamed(db, actor, requested);
  const reach = seesAllOrganizations(actor);
  if (requested && !reach && !isMemberOf(actor, requested)) throw forbidden();
  const named = reach ? requested : undefined;
  const organizationId = named ?? actor.organizationId;
  if (!organizationId) throw badRequest(UI_TEXT.organizationRequired);
  if (named) await requireOrganization(db, named);
  requireManageIn(actor, organizationId, flag);
  return organizationId;
}

/** A record that belongs to one organization (or none). */
export interface OrganizationRecord {
  organizationId: string | null;
}

/**
 * The loaded record if the actor may read it; 404 with `message` when it is missing or belongs to
 * an organization the actor may not see, so another tenant's record is never revealed.
 */
export async function visibleOr404<T extends OrganizationRecord>(
  actor: Actor,
  record: T | null | undefined | Promise<T | null | undefined>,
  message: string,
): Promise<T> {
  const found = await record;
  if (!found || !canSeeIn(actor, found.organizationId)) throw notFound(message);
  return found;
}

/**
 * The actor with whether it is an advisor acting in the organization now (an active assignment),
 * as the record policies (tasks, tickets) take it; asks the database only for advisors.
 */
export async function accessIn(db: Database, actor: Actor, organizationId: string) {
  const advisorActsInOrganization = isAdvisor(actor) && (await canActInOrganization(db, actor, organizationId));
  return { actor, advisorActsInOrganization };
}

/**
 * The people of an organization, who converse in it (messenger): its members and its
 * advisors while actively assigned (the same assignment check as canActInOrganization). Platform
 * reach is not membership: an admin talks in the platform organization's conversations only.
 */
export async function isPersonOf(db: Database, actor: Actor, organizationId: string): Promise<boolean> {
  if (isMemberOf(actor, organizationId)) return true;
  return isAdvisor(actor) && (await canActInOrganization(db, actor, organizationId));
}

/**
 * isPersonOf for many users at once, as a condition on a users table (or alias) and an organization
 * column: who of a conversation's participants is still one of the organization's people.
 */
export function usersArePeopleOf(
  user: Record<'id' | 'organizationId' | 'role' | 'isActive', AnyPgColumn | SQL>,
  organizationColumn: AnyPgColumn | SQL | string,
): SQL {
  return sql`(${user.isActive} and (${user.organizationId} = ${organizationColumn} or (${user.role} = 'advisor'
    and exists (select 1 from ${advisorAssignments} where ${activeAssignment(user.id, organizationColumn)}))))`;
}
