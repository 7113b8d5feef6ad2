import type { PageQuery, Team, TeamMemberRole } from '@smart/contracts';
import { type addTeamMemberBody, type createTeamBody, UI_TEXT, type updateTeamBody } from '@smart/contracts';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { departments, organizations, type TeamRow, teamMembers, teams, users } from '../../db/schema/index.js';
import { givenChanges } from '../../lib/changes.js';
import { conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors.js';
import { countRows, countWhere, type Page, paginateByIds } from '../../lib/paging.js';
import { qualified } from '../../lib/sql.js';
import {
  type Actor,
  inScope,
  organizationScope,
  organizationToCreateIn,
  seesAllOrganizations,
  visibleOr404,
} from '../../lib/tenancy.js';
import { findDepartment } from '../departments/index.js';
import { userSummaryOf } from '../people/index.js';
import { teamPermissions } from './policy.js';
import type { TeamMemberRecord, TeamRecord } from './presenter.js';

const userSummary = userSummaryOf(users);
const teamLead = alias(users, 'team_lead');

/**
 * The outer query's team's member count, over the team_members primary key. Deactivated users keep
 * their memberships but are neither counted nor listed (nor shown as lead), like in every directory.
 */
const activeMemberCount = sql<number>`(
  select count(*) from ${teamMembers}
  inner join ${users} on ${users.id} = ${teamMembers.userId}
  where ${teamMembers.teamId} = ${qualified(teams.id)} and ${users.isActive}
)`.mapWith(Number);

/** Teams with their organization's and department's names, their lead and member count: one query for any number of rows. */
function selectTeamRecords(db: Database) {
  return db
    .select({
      organizationId: teams.organizationId,
      team: teams,
      organizationName: organizations.name,
      department: { id: departments.id, name: departments.name },
      lead: userSummaryOf(teamLead),
      memberCount: activeMemberCount,
    })
    .from(teams)
    .innerJoin(organizations, eq(organizations.id, teams.organizationId))
    .leftJoin(departments, eq(departments.id, teams.departmentId))
    .leftJoin(teamLead, and(eq(teamLead.id, teams.teamLeadId), eq(teamLead.isActive, true)));
}

async function findTeamRecord(db: Database, id: string): Promise<TeamRecord | null> {
  const [row] = await selectTeamRecords(db).where(eq(teams.id, id)).limit(1);
  return row ?? null;
}

const teamOrder = [teams.name, teams.id];

/**
 * A page of teams matching `where`, ordered by name: two queries whatever the page size. The page
 * is chosen on the teams table alone; department, lead and member count are joined for its rows only.
 */
function listTeamRecords(db: Database, where: SQL, query: PageQuery, count: () => Promise<number>) {
  return paginateByIds<TeamRecord>(db, query, {
    table: teams,
    where,
    order: teamOrder,
    count,
    details: ({ ids, on }) => selectTeamRecords(db).innerJoin(ids, on),
  });
}

/** Active members with their users, lead first, then managers, then members, each by name. One query. */
function listMemberRecords(db: Database, teamId: string): Promise<TeamMemberRecord[]> {
  return db
    .select({ user: userSummary, role: teamMembers.role, addedAt: teamMembers.addedAt })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), eq(users.isActive, true)))
    .orderBy(
      sql`case ${teamMembers.role} when 'lead' then 0 when 'manager' then 1 else 2 end`,
      asc(users.lastName),
      asc(users.firstName),
      asc(users.id),
    );
}

/**
 * GET /api/teams: a non-admin sees its own organization's teams (the filter is ignored);
 * an admin sees the named organization's, or everyone's.
 */
export async function listTeamsVisibleTo(
  db: Database,
  actor: Actor,
  organizationId: string | undefined,
  query: PageQuery,
): Promise<Page<TeamRecord>> {
  const scope = await organizationScope(db, actor, organizationId);
  return listTeamRecords(db, inScope(scope, teams.organizationId), query, () => countRows(db, 'teams', scope));
}

/** A department's teams, for its organization's members and admin; others get 404. */
export async function listDepartmentTeams(db: Database, actor: Actor, departmentId: string, page: PageQuery) {
  const department = await visibleOr404(actor, findDepartment(db, departmentId), UI_TEXT.departmentNotFound);
  const where = eq(teams.departmentId, department.id);
  return listTeamRecords(db, where, page, () => countWhere(db, teams, where));
}

/** The team as the actor may read it, or 404 (missing, or of another organization). */
async function readableTeamRecord(db: Database, actor: Actor, teamId: string): Promise<TeamRecord> {
  return visibleOr404(actor, findTeamRecord(db, teamId), UI_TEXT.teamNotFound);
}

/**
 * The team row the actor may change (`can`: canEdit or canDelete): 404 when it cannot even read
 * it, 403 when it may only read it.
 */
async function manageableTeam(
  db: Database,
  actor: Actor,
  teamId: string,
  can: keyof Team['permissions'] = 'canEdit',
): Promise<TeamRow> {
  const [row] = await db.select().from(teams).where(eq(teams.id, teamId)).limit(1);
  const team = await visibleOr404(actor, row, UI_TEXT.teamNotFound);
  if (!teamPermissions(actor, team)[can]) throw forbidden();
  return team;
}

export interface TeamDetailRecord {
  record: TeamRecord;
  members: TeamMemberRecord[];
}

/** A team with its members: two queries whatever the number of members. */
async function loadTeamDetail(db: Database, teamId: string): Promise<TeamDetailRecord> {
  const record = await findTeamRecord(db, teamId);
  if (!record) throw notFound(UI_TEXT.teamNotFound);
  return { record, members: await listMemberRecords(db, teamId) };
}

/** GET /api/teams/{id}. */
export async function readTeamDetail(db: Database, actor: Actor, teamId: string): Promise<TeamDetailRecord> {
  const record = await readableTeamRecord(db, actor, teamId);
  return { record, members: await listMemberRecords(db, teamId) };
}

/** GET /api/teams/{id}/members. */
export async function listTeamMembers(db: Database, actor: Actor, teamId: string): Promise<TeamMemberRecord[]> {
  const [team] = await db
    .select({ organizationId: teams.organizationId })
    .from(teams)
    .where(eq(teams.id, teamId))
    .limit(1);
  await visibleOr404(actor, team, UI_TEXT.teamNotFound);
  return listMemberRecords(db, teamId);
}

/** A department of the organization, or 404 (unknown, or of another organization). */
async function departmentOf(db: Database, organizationId: string, departmentId: string) {
  const department = await findDepartment(db, departmentId);
  if (department?.organizationId !== organizationId) throw notFound(UI_TEXT.departmentNotFound);
  return department;
}

/** Every id must be an active user of the organization; one query for the whole list, else 404. */
async function requireOrganizationUsers(db: Database, organizationId: string, userIds: string[]) {
  if (userIds.length === 0) return;
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, userIds), eq(users.organizationId, organizationId), eq(users.isActive, true)));
  if (found.length !== new Set(userIds).size) throw notFound(UI_TEXT.userNotFound);
}

const ROLE_RANK: Record<TeamMemberRole, number> = { member: 0, manager: 1, lead: 2 };

/**
 * The members a new team starts with. A user listed twice keeps its highest role; the lead is
 * `teamLead`, else the first member listed as lead; it is a member with role lead,
 * and a team has one lead, so anyone else listed as lead becomes a member.
 */
export function initialMembers(
  teamLeadId: string | null | undefined,
  members: { user: string; role: TeamMemberRole }[] = [],
): { leadId: string | null; roles: Map<string, TeamMemberRole> } {
  const roles = new Map<string, TeamMemberRole>();
  for (const { user, role } of members) {
    const previous = roles.get(user);
    if (!previous || ROLE_RANK[role] > ROLE_RANK[previous]) roles.set(user, role);
  }
  const leadId = teamLeadId ?? [...roles].find(([, role]) => role === 'lead')?.[0] ?? null;
  for (const [user, role] of roles) if (role === 'lead' && user !== leadId) roles.set(user, 'member');
  if (leadId) roles.set(leadId, 'lead');
  return { leadId, roles };
}

type CreateTeam = z.output<typeof createTeamBody>;

/**
 * POST /api/teams. A non-admin creates in its own organization; an admin in the organization it
 * names, else in the department's, else in its own (as for departments). The team and its
 * members are written in one transaction.
 */
export async function createTeam(db: Database, actor: Actor, body: CreateTeam): Promise<TeamDetailRecord> {
  // An admin naming no organization creates in the department's.
  const departmentOrganization =
    seesAllOrganizations(actor) && !body.organizationId && body.departmentId
      ? (await visibleOr404(actor, findDepartment(db, body.departmentId), UI_TEXT.departmentNotFound)).organizationId
      : undefined;
  const requested = body.organizationId ?? departmentOrganization;
  const organizationId = await organizationToCreateIn(db, actor, requested, 'canManageTeams');
  if (body.departmentId) await departmentOf(db, organizationId, body.departmentId);

  const { leadId, roles } = initialMembers(body.teamLead, body.members);
  await requireOrganizationUsers(db, organizationId, [...roles.keys()]);

  const teamId = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(teams)
      .values({
        organizationId,
        departmentId: body.departmentId ?? null,
        name: body.name,
        description: body.description ?? null,
        teamLeadId: leadId,
      })
      .returning({ id: teams.id });
    if (!created) throw new Error('insert returned no row');
    if (roles.size > 0) {
      await tx
        .insert(teamMembers)
        .values([...roles].map(([userId, role]) => ({ organizationId, teamId: created.id, userId, role })));
    }
    return created.id;
  });
  return loadTeamDetail(db, teamId);
}

/** A team has one lead: every lead but `keep` becomes a member. */
function demoteLeads(tx: Database, teamId: string, keep?: string) {
  const leads = and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, 'lead'));
  return tx
    .update(teamMembers)
    .set({ role: 'member' })
    .where(keep ? and(leads, ne(teamMembers.userId, keep)) : leads);
}

type UpdateTeam = z.output<typeof updateTeamBody>;

/**
 * PUT /api/teams/{id}. Fields left out stay as they are; departmentId null detaches the team;
 * teamLead null clears the lead (who stays a member), a new lead becomes a member with role lead.
 */
export async function updateTeam(
  db: Database,
  actor: Actor,
  teamId: string,
  body: UpdateTeam,
): Promise<TeamDetailRecord> {
  const team = await manageableTeam(db, actor, teamId);
  if (body.departmentId) await departmentOf(db, team.organizationId, body.departmentId);
  if (body.teamLead) await requireOrganizationUsers(db, team.organizationId, [body.teamLead]);

  await db.transaction(async (tx) => {
    await tx
      .update(teams)
      .set({
        ...givenChanges({
          name: body.name,
          description: body.description,
          departmentId: body.departmentId,
          teamLeadId: body.teamLead,
        }),
        updatedAt: new Date(),
      })
      .where(eq(teams.id, team.id));
    if (body.teamLead === undefined) return;
    await demoteLeads(tx, team.id, body.teamLead ?? undefined);
    if (body.teamLead) {
      await tx
        .insert(teamMembers)
        .values({ organizationId: team.organizationId, teamId: team.id, userId: body.teamLead, role: 'lead' })
        .onConflictDoUpdate({ target: [teamMembers.teamId, teamMembers.userId], set: { role: 'lead' } });
    }
  });
  return loadTeamDetail(db, team.id);
}

/** DELETE /api/teams/{id}: its memberships go with it; the users stay. */
export async function deleteTeam(db: Database, actor: Actor, teamId: string): Promise<void> {
  const team = await manageableTeam(db, actor, teamId, 'canDelete');
  await db.delete(teams).where(eq(teams.id, team.id));
}

type AddTeamMember = z.output<typeof addTeamMemberBody>;

/**
 * POST /api/teams/{id}/members. The user must be an active member of the team's organization (404),
 * not yet on the team (409). Role lead makes it the team lead; the previous lead becomes a member.
 */
export async function addTeamMember(
  db: Database,
  actor: Actor,
  teamId: string,
  { userId, role }: AddTeamMember,
): Promise<TeamDetailRecord> {
  const team = await manageableTeam(db, actor, teamId);
  await requireOrganizationUsers(db, team.organizationId, [userId]);
  try {
    await db.transaction(async (tx) => {
      if (role === 'lead') {
        // Updating the team row first locks it, so a concurrent lead change waits and then sees ours.
        await tx.update(teams).set({ teamLeadId: userId, updatedAt: new Date() }).where(eq(teams.id, team.id));
        await demoteLeads(tx, team.id);
      }
      await tx.insert(teamMembers).values({ organizationId: team.organizationId, teamId: team.id, userId, role });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(UI_TEXT.alreadyTeamMember);
    throw error;
  }
  return loadTeamDetail(db, team.id);
}

/** DELETE /api/teams/{id}/members/{userId}. Removing the lead leaves the team without one. */
export async function removeTeamMember(
  db: Database,
  actor: Actor,
  teamId: string,
  userId: string,
): Promise<TeamDetailRecord> {
  const team = await manageableTeam(db, actor, teamId);
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, userId)))
      .returning({ userId: teamMembers.userId });
    if (removed.length === 0) throw notFound(UI_TEXT.notTeamMember);
    await tx
      .update(teams)
      .set({ teamLeadId: null, updatedAt: new Date() })
      .where(and(eq(teams.id, team.id), eq(teams.teamLeadId, userId)));
  });
  return loadTeamDetail(db, team.id);
}
