import { type DomainEventInput, UI_TEXT } from '@smart/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { advisorAssignments, organizations, users } from '../../db/schema/index.js';
import { publish } from '../../events/stream.js';
import { type AuditEvent, personLabel, recordAudit } from '../../lib/audit.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { qualified } from '../../lib/sql.js';
import { type Actor, canActInOrganization, isAdvisor, requireOrganization, tokenReaches } from '../../lib/tenancy.js';
import { findOrganization, memberCount } from '../organizations/index.js';
import { userSummaryOf } from '../people/index.js';
import { type CancelledMeeting, cancelFutureMeetings } from '../scheduling/index.js';
import { openTicketCount } from '../tickets/index.js';
import { selectUserRecords } from '../users/index.js';
import { canManageAdvisors } from './policy.js';
import type { AdvisorRecord, AssignmentJson, MyOrganizationRecord, OrganizationAdvisorRecord } from './presenter.js';

/** 403 unless the actor manages advisors (admin). */
function requireAdvisorManager(actor: Actor) {
  if (!canManageAdvisors(actor)) throw forbidden();
}

const organizationClosed = sql<boolean>`${organizations.closedAt} is not null`.mapWith(Boolean);

/**
 * The outer query's advisor's assignments as one JSON list, ordered by organization name. Every
 * column is qualified: a select from one table would otherwise print them bare, and ambiguous.
 */
const assignmentsOfAdvisor = sql<AssignmentJson[]>`coalesce((
  select json_agg(json_build_object(
    'organizationId', ${qualified(advisorAssignments.organizationId)},
    'organizationName', ${qualified(organizations.name)},
    'organizationClosed', ${qualified(organizations.closedAt)} is not null,
    'assignedAt', ${qualified(advisorAssignments.assignedAt)},
    'isActive', ${qualified(advisorAssignments.isActive)}
  ) order by ${qualified(organizations.name)}, ${qualified(organizations.id)})
  from ${advisorAssignments} join ${organizations} on ${qualified(organizations.id)} = ${qualified(advisorAssignments.organizationId)}
  where ${qualified(advisorAssignments.advisorId)} = ${qualified(users.id)}
), '[]'::json)`;

/** GET /api/users/advisors (admin): every advisor with its profile and assignments, in two statements whatever their number. */
export async function listAdvisors(db: Database, actor: Actor): Promise<AdvisorRecord[]> {
  requireAdvisorManager(actor);
  const rows = await selectUserRecords(db)
    .where(eq(users.role, 'advisor'))
    .orderBy(users.lastName, users.firstName, users.id);
  // The assignments are a second, set-based query keyed by advisor: one statement, never one per advisor.
  return rows.length === 0 ? [] : withAssignments(db, rows);
}

async function withAssignments(db: Database, rows: Omit<AdvisorRecord, 'assignments'>[]): Promise<AdvisorRecord[]> {
  const lists = await db
    .select({ id: users.id, assignments: assignmentsOfAdvisor })
    .from(users)
    .where(eq(users.role, 'advisor'));
  const byAdvisor = new Map(lists.map((list) => [list.id, list.assignments]));
  return rows.map((row) => ({ ...row, assignments: byAdvisor.get(row.user.id) ?? [] }));
}

/** Assignments with their advisor and organization state, for an organization's list and a change's answer. */
function selectOrganizationAdvisors(db: Database) {
  return db
    .select({
      organizationId: advisorAssignments.organizationId,
      assignedAt: advisorAssignments.assignedAt,
      isActive: advisorAssignments.isActive,
      organizationClosed,
      advisor: { ...userSummaryOf(users), specialties: users.specialties, experience: users.experience },
    })
    .from(advisorAssignments)
    .innerJoin(users, eq(users.id, advisorAssignments.advisorId))
    .innerJoin(organizations, eq(organizations.id, advisorAssignments.organizationId));
}

/**
 * GET /api/organizations/{orgId}/advisors: every assignment for admin; the active ones for those
 * who act in the organization (its members, its advisors); 404 for everyone else.
 */
export async function listOrganizationAdvisors(
  db: Database,
  actor: Actor,
  organizationId: string,
): Promise<OrganizationAdvisorRecord[]> {
  if (!(await canActInOrganization(db, actor, organizationId))) throw notFound(UI_TEXT.organizationNotFound);
  await requireOrganization(db, organizationId);
  const inOrganization = eq(advisorAssignments.organizationId, organizationId);
  const where: SQL | undefined = canManageAdvisors(actor)
    ? inOrganization
    : and(inOrganization, eq(advisorAssignments.isActive, true));
  return selectOrganizationAdvisors(db).where(where).orderBy(users.lastName, users.firstName, users.id);
}

/**
 * GET /api/organizations/advisors/my-organizations: the advisor's own assignments with each
 * organization's active people and open tickets, counted in the query. An assignment counts as active only while its
 * organization is open, as lib/tenancy.ts's access check says.
 */
export async function listMyOrganizations(db: Database, actor: Actor): Promise<MyOrganizationRecord[]> {
  if (!isAdvisor(actor)) throw forbidden(UI_TEXT.advisorsOnly);
  return db
    .select({
      organizationId: advisorAssignments.organizationId,
      organizationName: organizations.name,
      assignedAt: advisorAssignments.assignedAt,
      isActive: sql<boolean>`${advisorAssignments.isActive} and ${organizations.closedAt} is null`.mapWith(Boolean),
      peopleCount: memberCount,
      openTicketCount: openTicketCount(advisorAssignments.organizationId),
    })
    .from(advisorAssignments)
    .innerJoin(organizations, eq(organizations.id, advisorAssignments.organizationId))
    .where(and(eq(advisorAssignments.advisorId, actor.id), tokenReaches(advisorAssignments.organizationId)))
    .orderBy(organizations.name, organizations.id);
}

async function loadAssignment(db: Database, organizationId: string, advisorId: string) {
  const [row] = await selectOrganizationAdvisors(db)
    .where(and(eq(advisorAssignments.organizationId, organizationId), eq(advisorAssignments.advisorId, advisorId)))
    .limit(1);
  if (!row) throw notFound(UI_TEXT.advisorAssignmentNotFound);
  return row;
}

/**
 * POST /api/organizations/{orgId}/advisors (admin). A new assignment is created (`created`), an
 * inactive one reactivated; an active one is a 409. The organization must exist (404), not be the
 * platform's (400) and be open (409); the advisor must exist (404) and be an advisor (400).
 */
export async function assignAdvisor(db: Database, actor: Actor, organizationId: string, advisorId: string) {
  requireAdvisorManager(actor);
  const organization = await findOrganization(db, organizationId);
  if (!organization) throw notFound(UI_TEXT.organizationNotFound);
  if (organization.isPlatform) throw badRequest(UI_TEXT.platformOrganizationNoAdvisors);
  if (organization.closedAt) throw conflict(UI_TEXT.organizationClosed);
  const [advisor] = await db
    .select({ role: users.role, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, advisorId))
    .limit(1);
  if (!advisor) throw notFound(UI_TEXT.advisorNotFound);
  if (advisor.role !== 'advisor') throw badRequest(UI_TEXT.notAnAdvisor);

  const assignedAt = new Date();
  const written = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(advisorAssignments)
      .values({ advisorId, organizationId, assignedBy: actor.id, assignedAt })
      .onConflictDoUpdate({
        target: [advisorAssignments.advisorId, advisorAssignments.organizationId],
        set: { isActive: true, assignedBy: actor.id, assignedAt },
        setWhere: sql`not ${advisorAssignments.isActive}`,
      })
      // xmax is 0 on a freshly inserted row version and set on an updated one.
      .returning({ created: sql<boolean>`xmax = 0`.mapWith(Boolean) });
    if (row) {
      await publish(db, tx, advisorEvent('advisor.assigned', organization, advisorId, actor.id));
      await recordAudit(tx, actor.id, [
        assignmentEvent(organizationId, { id: advisorId, ...advisor }, 'advisor.assigned'),
      ]);
    }
    return row;
  });
  if (!written) throw conflict(UI_TEXT.advisorAlreadyAssigned);
  return { created: written.created, record: await loadAssignment(db, organizationId, advisorId) };
}

/** The audit line of an assignment's change, naming the advisor. */
const assignmentEvent = (
  organizationId: string,
  advisor: { id: string; firstName: string; lastName: string; email: string },
  action: 'advisor.assigned' | 'advisor.paused' | 'advisor.resumed' | 'advisor.removed',
): AuditEvent => ({ organizationId, action, target: { type: 'advisor', id: advisor.id, label: personLabel(advisor) } });

/** The assignment's organization (for its notices' name); 404 as for a missing assignment. */
/** An assignment's change, as the stream tells it (docs/decisions/0250-one-domain-event-stream.md). */
const advisorEvent = (
  type: 'advisor.assigned' | 'advisor.resumed' | 'advisor.paused' | 'advisor.removed',
  organization: { id: string; name: string },
  advisorId: string,
  actorId: string,
): DomainEventInput => ({
  type,
  organizationId: organization.id,
  actorId,
  payload: { organizationName: organization.name, advisorId },
});

async function assignmentOrganization(db: Database, organizationId: string) {
  const organization = await findOrganization(db, organizationId);
  if (!organization) throw notFound(UI_TEXT.advisorAssignmentNotFound);
  return organization;
}

/**
 * An ended assignment's future meetings are cancelled in its transaction, and their people told
 * (UI_TEXT.meetingCancelledAssignmentEnded, by the acting admin).
 */
const cancelMeetingsOfAssignment = (
  db: Database,
  tx: Database,
  organization: { id: string; name: string },
  advisorId: string,
  actor: Actor,
  now: Date,
) =>
  cancelFutureMeetings(
    db,
    tx,
    { organizationId: organization.id, organizationName: organization.name, advisorId },
    actor.id,
    UI_TEXT.meetingCancelledAssignmentEnded,
    now,
  );

/**
 * PATCH …/advisors/{advisorId} {isActive} (admin). Nobody is brought back into a closed organization
 * (409). Turning it on or off tells the organization's org_admins and the advisor (in the same
 * transaction); turning it off cancels its future meetings with the organization (returned, for their live events).
 */
export async function setAssignmentActive(
  db: Database,
  actor: Actor,
  organizationId: string,
  advisorId: string,
  isActive: boolean,
  now = new Date(),
): Promise<{ record: Awaited<ReturnType<typeof loadAssignment>>; cancelledMeetings: CancelledMeeting[] }> {
  requireAdvisorManager(actor);
  const assignment = await loadAssignment(db, organizationId, advisorId);
  if (isActive && !assignment.isActive && assignment.organizationClosed) throw conflict(UI_TEXT.organizationClosed);
  const organization = await assignmentOrganization(db, organizationId);
  const cancelledMeetings = await db.transaction(async (tx) => {
    const changed = await tx
      .update(advisorAssignments)
      .set({ isActive })
      .where(
        and(
          eq(advisorAssignments.organizationId, organizationId),
          eq(advisorAssignments.advisorId, advisorId),
          sql`${advisorAssignments.isActive} is distinct from ${isActive}`,
        ),
      )
      .returning({ id: advisorAssignments.id });
    if (changed.length === 0) return [];
    const { advisor } = assignment;
    await recordAudit(tx, actor.id, [
      assignmentEvent(organizationId, advisor, isActive ? 'advisor.resumed' : 'advisor.paused'),
    ]);
    await publish(
      db,
      tx,
      advisorEvent(isActive ? 'advisor.resumed' : 'advisor.paused', organization, advisorId, actor.id),
    );
    return isActive ? [] : cancelMeetingsOfAssignment(db, tx, organization, advisorId, actor, now);
  });
  return { record: await loadAssignment(db, organizationId, advisorId), cancelledMeetings };
}

/**
 * DELETE …/advisors/{advisorId} (admin): the assignment is gone; 404 when there was none. An
 * active one's end is told to the organization's org_admins and the advisor (an inactive one had
 * ended already); its future sessions with the organization are cancelled (returned).
 */
export async function removeAssignment(
  db: Database,
  actor: Actor,
  organizationId: string,
  advisorId: string,
  now = new Date(),
): Promise<CancelledMeeting[]> {
  requireAdvisorManager(actor);
  const organization = await assignmentOrganization(db, organizationId);
  const [advisor] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, advisorId))
    .limit(1);
  const { removed, cancelledMeetings } = await db.transaction(async (tx) => {
    const rows = await tx
      .delete(advisorAssignments)
      .where(and(eq(advisorAssignments.organizationId, organizationId), eq(advisorAssignments.advisorId, advisorId)))
      .returning({ isActive: advisorAssignments.isActive });
    if (rows[0]?.isActive) await publish(db, tx, advisorEvent('advisor.removed', organization, advisorId, actor.id));
    if (rows.length > 0 && advisor) {
      await recordAudit(tx, actor.id, [assignmentEvent(organizationId, advisor, 'advisor.removed')]);
    }
    const cancelled =
      rows.length > 0 ? await cancelMeetingsOfAssignment(db, tx, organization, advisorId, actor, now) : [];
    return { removed: rows, cancelledMeetings: cancelled };
  });
  if (removed.length === 0) throw notFound(UI_TEXT.advisorAssignmentNotFound);
  return cancelledMeetings;
}
