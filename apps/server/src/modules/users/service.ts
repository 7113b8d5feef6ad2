import type { DomainEventInput, PageQuery, Role } from '@smart/contracts';
import {
  type advisorProfileInput,
  isStaffRole,
  type MemberStatus,
  type memberExportQuery,
  type profileUpdateBody,
  type registerBody,
  resolveRole,
  roleFitsOrganization,
  UI_TEXT,
  type updateMemberBody,
  type userListQuery,
} from '@smart/contracts';
import { and, eq, getTableColumns, ilike, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import {
  departments,
  organizations,
  sessions,
  teamMembers,
  teams,
  userSearchText,
  users,
} from '../../db/schema/index.js';
import { publish } from '../../events/stream.js';
import { personLabel, recordAudit } from '../../lib/audit.js';
import { givenChanges } from '../../lib/changes.js';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors.js';
import { memberAdded, memberRemoved } from '../../lib/member-events.js';
import { countRows, type IdPagedList, type Page, paginateByIds } from '../../lib/paging.js';
import { hashPassword } from '../../lib/passwords.js';
import { containsPattern } from '../../lib/sql.js';
import {
  type Actor,
  canActInOrganization,
  inScope,
  organizationScope,
  requireActsInNamed,
  requireOrganization,
  seesAllOrganizations,
  visibleOr404,
} from '../../lib/tenancy.js';
import type { FileStorage } from '../../storage/index.js';
import { findDepartment, findDepartmentByName } from '../departments/index.js';
import { changePicture, lockedPicture } from '../files/index.js';
import { findOrganization, findPlatformOrganization, requireSeat } from '../organizations/index.js';
import { memberChanges, memberEvent, memberTarget } from './audit.js';
import { canListUsers, canManageMember, canRegister } from './policy.js';
import type { UserRecord } from './presenter.js';

// The password hash, the second factor's secrets and the preferences are read only by the sign-in,
// password, two-factor and preferences code.
const {
  passwordHash: _hash,
  notificationPreferences: _preferences,
  twoFactorSecret: _secret,
  twoFactorPendingSecret: _pendingSecret,
  twoFactorLastStep: _lastStep,
  ...userColumns
} = getTableColumns(users);

/** Users with their organization's and department's names: one query, joined. */
export function selectUserRecords(db: Database) {
  return db
    .select({
      organizationId: users.organizationId,
      user: userColumns,
      organizationName: organizations.name,
      organizationClosed: sql<boolean>`${organizations.closedAt} is not null`.mapWith(Boolean),
      organizationRequiresTwoFactor: sql<boolean>`coalesce(${organizations.requireTwoFactor}, false)`.mapWith(Boolean),
      departmentName: departments.name,
    })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .$dynamic();
}

export async function findUserRecord(db: Database, id: string): Promise<UserRecord | null> {
  const [row] = await selectUserRecords(db).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** The user record, or a 404 (for instance when it was deleted meanwhile). */
export async function loadUserRecord(db: Database, id: string): Promise<UserRecord> {
  const record = await findUserRecord(db, id);
  if (!record) throw notFound(UI_TEXT.userNotFound);
  return record;
}

const byName = [users.lastName, users.firstName, users.id];

/** pg_trgm indexes three-character pieces: the shortest search its index can answer. */
const TRIGRAM_LENGTH = 3;

/**
 * A page of users matching `where`, ordered by name: two queries whatever the page size. The
 * page's ids are found first, on the users table alone (an index-only scan of a name index), and
 * only those rows are joined; a page past the middle is read from the end.
 */
function listUserRecords(
  db: Database,
  where: SQL | undefined,
  query: PageQuery,
  options: Pick<IdPagedList<UserRecord>, 'count' | 'matchesFirst'> = {},
): Promise<Page<UserRecord>> {
  return paginateByIds(db, query, {
    table: users,
    where,
    order: byName,
    ...options,
    details: ({ ids, on }) => selectUserRecords(db).innerJoin(ids, on),
  });
}

/**
 * A status as a condition written the way the partial indexes are (`is_active`, `not is_active`), so
 * the planner can use them: the inactive few of a large organization are one index range away.
 */
const statusFilter = (status: MemberStatus | undefined): SQL => {
  if (status === 'all') return sql`true`;
  return status === 'inactive' ? sql`not ${users.isActive}` : sql`${users.isActive}`;
};

/**
 * The users a members list holds, shared by GET /api/users and its CSV export: the own
 * organization for an org_admin; everyone, or one organization, for admin (canManageUsers, else
 * 403); a search ("name or e-mail contains") and a status. `filtered` when more than the
 * organization narrows it; `matchesFirst` when the search's trigram index chooses the rows first.
 */
export async function userList(db: Database, actor: Actor, query: z.output<typeof memberExportQuery>) {
  if (!canListUsers(actor)) throw forbidden();
  const scope = await organizationScope(db, actor, query.organizationId);
  const search = query.search ? ilike(userSearchText(users), containsPattern(query.search)) : undefined;
  const status = query.status ? statusFilter(query.status) : undefined;
  return {
    scope,
    where: and(inScope(scope, users.organizationId), search, status),
    filtered: Boolean(query.search || query.status),
    // The trigram index finds the matches of 3 characters or more; a shorter text matches nearly
    // everyone, so walking the name index finds a page's worth at once.
    matchesFirst: (query.search?.length ?? 0) >= TRIGRAM_LENGTH,
  };
}

/** The members lists' order: by name, the id breaking ties. */
export const USER_LIST_ORDER = byName;

/** GET /api/users; without filters the total comes from the counters. */
export async function listUsersVisibleTo(
  db: Database,
  actor: Actor,
  query: z.output<typeof userListQuery>,
): Promise<Page<UserRecord>> {
  const { scope, where, filtered, matchesFirst } = await userList(db, actor, query);
  if (!filtered) return listUserRecords(db, where, query, { count: () => countRows(db, 'users', scope) });
  return listUserRecords(db, where, query, { matchesFirst });
}

/**
 * An organization's directory (active members by default), for its members, its advisors and admin;
 * others get 404. `search` keeps the users whose name or e-mail contains it.
 */
export async function listOrganizationUsers(
  db: Database,
  actor: Actor,
  organizationId: string,
  page: PageQuery & { status?: MemberStatus; search?: string | undefined },
) {
  if (!(await canActInOrganization(db, actor, organizationId))) throw notFound(UI_TEXT.organizationNotFound);
  await requireOrganization(db, organizationId);
  const search = page.search ? ilike(userSearchText(users), containsPattern(page.search)) : undefined;
  return listUserRecords(db, and(eq(users.organizationId, organizationId), statusFilter(page.status), search), page);
}

/** A department's members, for its organization and admin; others get 404. */
export async function listDepartmentMembers(db: Database, actor: Actor, departmentId: string, page: PageQuery) {
  const department = await visibleOr404(actor, findDepartment(db, departmentId), UI_TEXT.departmentNotFound);
  return listUserRecords(db, and(eq(users.departmentId, department.id), eq(users.isActive, true)), page);
}

interface NewUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: Role;
  organizationId: string | null;
  departmentId: string | null;
  jobTitle?: string | null | undefined;
  phone?: string | null | undefined;
  specialties?: string[] | undefined;
  experience?: string | null | undefined;
}

async function createUser(db: Database, actor: Actor, input: NewUser): Promise<UserRecord> {
  const passwordHash = await hashPassword(input.password);
  try {
    const created = await db.transaction(async (tx) => {
      if (input.organizationId) await requireSeat(tx, input.organizationId);
      const [row] = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          role: input.role,
          organizationId: input.organizationId,
          departmentId: input.departmentId,
          jobTitle: input.jobTitle ?? null,
          phone: input.phone ?? null,
          specialties: input.specialties ?? [],
          experience: input.experience ?? null,
        })
        .returning({ id: users.id });
      if (!row) throw new Error('insert returned no row');
      if (input.organizationId) {
        await recordAudit(tx, actor.id, [
          {
            organizationId: input.organizationId,
            action: 'member.added',
            target: { type: 'member', id: row.id, label: personLabel(input) },
            to: input.role,
          },
        ]);
        const { firstName, lastName, role } = input;
        await publish(
          db,
          tx,
          memberAdded(input.organizationId, { id: row.id, firstName, lastName, role }, 'added', actor.id),
        );
      }
      return row;
    });
    return await loadUserRecord(db, created.id);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(UI_TEXT.emailTaken, 'email');
    throw error;
  }
}

type Registration = z.output<typeof registerBody>;
type AdvisorProfile = z.output<typeof advisorProfileInput>;

/**
 * Adds a member (POST /api/users/register). An org_admin always adds into its own organization
 * (naming another is 404, as for any other tenant's record); an admin may name any organization, and advisors and admins it adds
 * without one land in the platform organization. The role must fit the organization (staff only
 * in the platform organization, never in a customer's). The department may be given by id or by
 * name, and must belong to that organization (404 otherwise). A customer organization with no
 * seat left refuses the member (409, organizations/seats.ts).
 */
export async function registerMember(db: Database, actor: Actor, registration: Registration): Promise<UserRecord> {
  const { meta, profile, ...body } = registration;
  const role = resolveRole({ role: body.role ?? null, roles: body.roles ?? null });
  requireAdvisorProfileFits(role, profile);
  const anyOrganization = seesAllOrganizations(actor);
  await requireActsInNamed(db, actor, meta.organizationId);
  let organizationId = anyOrganization ? (meta.organizationId ?? null) : actor.organizationId;
  if (anyOrganization && !organizationId && isStaffRole(role)) {
    organizationId = (await findPlatformOrganization(db))?.id ?? null;
  }
  if (!canRegister(actor, { organizationId, role })) throw forbidden(UI_TEXT.roleNotAllowed);
  if (!organizationId) {
    if (!isStaffRole(role)) throw badRequest(UI_TEXT.organizationRequired);
  } else {
    requireRoleFits(role, await findOrganization(db, organizationId));
  }

  let departmentId: string | null = null;
  if (meta.departmentId || meta.department?.trim()) {
    const department = meta.departmentId
      ? await findDepartment(db, meta.departmentId)
      : organizationId && meta.department
        ? await findDepartmentByName(db, organizationId, meta.department)
        : null;
    if (!department || department.organizationId !== organizationId) throw notFound(UI_TEXT.departmentNotFound);
    departmentId = department.id;
  }

  return createUser(db, actor, {
    ...body,
    role,
    organizationId,
    departmentId,
    jobTitle: meta.jobTitle,
    phone: meta.phone,
    ...profile,
  });
}

/** Specialties and experience describe an advisor; giving them to another role is a mistake (400). */
function requireAdvisorProfileFits(role: Role, profile: AdvisorProfile | undefined) {
  const given = (profile?.specialties?.length ?? 0) > 0 || (profile?.experience ?? null) !== null;
  if (given && role !== 'advisor') throw badRequest(UI_TEXT.advisorProfileOnlyForAdvisors);
}

/** The organization must exist (404) and may hold the role (400): staff only in the platform organization. */
function requireRoleFits(role: Role, organization: { isPlatform: boolean } | null) {
  if (!organization) throw notFound(UI_TEXT.organizationNotFound);
  if (!roleFitsOrganization(role, organization)) {
    throw badRequest(organization.isPlatform ? UI_TEXT.platformHoldsOnlyStaff : UI_TEXT.staffBelongToPlatform);
  }
}

/**
 * The member the actor may change: 404 when it cannot see it, 403 when it may only see it
 * (a staff account is changed only by an admin).
 */
async function memberToManage(db: Database, actor: Actor, userId: string): Promise<UserRecord> {
  const target = await visibleOr404(actor, findUserRecord(db, userId), UI_TEXT.userNotFound);
  if (!canManageMember(actor, target.user)) {
    throw forbidden(isStaffRole(target.user.role) ? UI_TEXT.staffChangedByAdminOnly : UI_TEXT.forbidden);
  }
  return target;
}

type ProfileUpdate = z.output<typeof profileUpdateBody>;

/** Applies a user's own profile edit. Fields left out stay as they are; a new picture replaces the old one (files/pictures.ts). */
export async function updateOwnProfile(
  db: Database,
  storage: FileStorage,
  userId: string,
  update: ProfileUpdate,
): Promise<UserRecord> {
  const firstName = update.profile?.firstName ?? update.firstName;
  const lastName = update.profile?.lastName ?? update.lastName;
  const meta = update.meta ?? {};
  const changes = givenChanges({
    firstName,
    lastName,
    email: update.email,
    phone: meta.phone,
    jobTitle: meta.jobTitle,
    bio: meta.bio,
    location: meta.location,
    website: meta.website,
    profileImage: meta.profileImage,
  });
  try {
    await changePicture(db, storage, userId, {
      next: meta.profileImage,
      current: lockedPicture(users.profileImage, users.id, userId),
      write: (tx) =>
        tx
          .update(users)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(users.id, userId)),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(UI_TEXT.emailTaken, 'email');
    throw error;
  }
  return loadUserRecord(db, userId);
}

/**
 * Moves a user to another organization (admin). It leaves its old organization's department, teams
 * and posts. An active user needs a seat there (409 without one).
 */
export async function moveUserToOrganization(db: Database, actor: Actor, userId: string, organizationId: string) {
  if (!seesAllOrganizations(actor)) throw forbidden();
  const target = await findUserRecord(db, userId);
  if (!target) throw notFound(UI_TEXT.userNotFound);
  requireRoleFits(target.user.role, await findOrganization(db, organizationId));
  if (target.user.organizationId === organizationId) return target;
  // Nothing of the old organization may keep pointing at the user (teams, leads, managers): the
  // database refuses the move while anything does, so those go first, in the same transaction.
  const destination = await findOrganization(db, organizationId);
  await db.transaction(async (tx) => {
    // An active member takes a seat in its new organization; a deactivated one takes none until reactivated.
    if (target.user.isActive) await requireSeat(tx, organizationId);
    await recordAudit(
      tx,
      actor.id,
      [target.user.organizationId, organizationId]
        .filter((id): id is string => id !== null)
        .map((id) => ({
          organizationId: id,
          action: 'member.moved' as const,
          target: memberTarget(target.user),
          from: target.organizationName,
          to: destination?.name ?? null,
        })),
    );
    await tx.delete(teamMembers).where(eq(teamMembers.userId, userId));
    await tx.update(teams).set({ teamLeadId: null }).where(eq(teams.teamLeadId, userId));
    await tx.update(departments).set({ managerId: null }).where(eq(departments.managerId, userId));
    await tx
      .update(users)
      .set({ organizationId, departmentId: null, updatedAt: new Date() })
      .where(eq(users.id, userId));
    // Only an active member counts as joining or leaving; a deactivated one already left.
    if (target.user.isActive) {
      const { organizationId: from } = target.user;
      await publish(db, tx, [
        ...(from ? [memberRemoved(from, target.user, 'moved_out', actor.id)] : []),
        memberAdded(organizationId, target.user, 'moved_in', actor.id),
      ]);
    }
  });
  return loadUserRecord(db, userId);
}

/**
 * Places a user in one of its own organization's departments, or in none (null).
 * A user or department the actor cannot see answers 404; seeing without managing is 403.
 */
export async function placeUserInDepartment(
  db: Database,
  actor: Actor,
  userId: string,
  departmentId: string | null,
): Promise<UserRecord> {
  const target = await memberToManage(db, actor, userId);
  const department = departmentId ? await findDepartment(db, departmentId) : null;
  if (departmentId && department?.organizationId !== target.user.organizationId) {
    throw notFound(UI_TEXT.departmentNotFound);
  }
  await db.transaction(async (tx) => {
    await tx.update(users).set({ departmentId, updatedAt: new Date() }).where(eq(users.id, userId));
    await recordAudit(tx, actor.id, memberChanges(target, { departmentId, departmentName: department?.name ?? null }));
  });
  return loadUserRecord(db, userId);
}

type MemberUpdate = z.output<typeof updateMemberBody>;

/**
 * An org_admin's (or admin's) edit of a member: job title, phone, department and role; an
 * advisor's specialties and experience (staff accounts are changed by an admin only).
 * An org_admin may only give the roles it could register (user, org_admin).
 */
export async function updateMember(db: Database, actor: Actor, userId: string, update: MemberUpdate) {
  const target = await memberToManage(db, actor, userId);
  if (update.role && update.role !== target.user.role) {
    if (!canRegister(actor, { organizationId: target.user.organizationId, role: update.role })) {
      throw forbidden(UI_TEXT.roleNotAllowed);
    }
    // An org_admin demoting itself could leave the organization without an administrator.
    if (target.user.id === actor.id) throw badRequest(UI_TEXT.cannotChangeOwnRole);
    if (target.user.organizationId)
      requireRoleFits(update.role, await findOrganization(db, target.user.organizationId));
  }
  const department = update.departmentId ? await findDepartment(db, update.departmentId) : null;
  if (update.departmentId && department?.organizationId !== target.user.organizationId) {
    throw notFound(UI_TEXT.departmentNotFound);
  }
  requireAdvisorProfileFits(update.role ?? target.user.role, update.profile);
  const { specialties, experience } = update.profile ?? {};
  const changes = givenChanges({
    specialties,
    experience,
    jobTitle: update.jobTitle,
    phone: update.phone,
    departmentId: update.departmentId,
    role: update.role,
  });
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await recordAudit(
      tx,
      actor.id,
      memberChanges(target, {
        role: update.role,
        ...(update.departmentId !== undefined && {
          departmentId: update.departmentId,
          departmentName: department?.name ?? null,
        }),
      }),
    );
  });
  return loadUserRecord(db, userId);
}

/** A member's joining or leaving its organization (a user without one publishes nothing). */
async function publishMemberChange(
  db: Database,
  tx: Database,
  target: UserRecord,
  event: (organizationId: string) => DomainEventInput,
) {
  if (target.user.organizationId) await publish(db, tx, event(target.user.organizationId));
}

/**
 * Deactivates a member: it can no longer sign in and its sessions end, while its records and
 * history stay. Returns the ids of the sessions that were revoked (for their sockets).
 */
export async function deactivateMember(db: Database, actor: Actor, userId: string) {
  const target = await memberToManage(db, actor, userId);
  if (target.user.id === actor.id) throw badRequest(UI_TEXT.cannotDeactivateSelf);
  const revoked = await db.transaction(async (tx) => {
    const changed = await tx
      .update(users)
      .set({ isActive: false, updatedAt: new Date() })
      .where(and(eq(users.id, userId), eq(users.isActive, true)))
      .returning({ id: users.id });
    if (changed.length > 0) {
      await recordAudit(tx, actor.id, memberEvent(target, 'member.deactivated'));
      await publishMemberChange(db, tx, target, (organizationId) =>
        memberRemoved(organizationId, target.user, 'deactivated', actor.id),
      );
    }
    return tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  });
  return { record: await loadUserRecord(db, userId), revokedSessionIds: revoked.map((row) => row.id) };
}

/**
 * Reactivates a deactivated member: it may sign in again with its password, in the department it
 * had. A member of a closed organization answers 404: nobody is brought back into an organization
 * whose people are kept out until it is reopened. With no seat left it is 409 (organizations/seats.ts).
 */
export async function reactivateMember(db: Database, actor: Actor, userId: string): Promise<UserRecord> {
  const target = await memberToManage(db, actor, userId);
  const organization = target.user.organizationId ? await findOrganization(db, target.user.organizationId) : null;
  if (organization?.closedAt) throw notFound(UI_TEXT.userNotFound);
  await db.transaction(async (tx) => {
    if (organization && !target.user.isActive) await requireSeat(tx, organization.id);
    const changed = await tx
      .update(users)
      .set({ isActive: true, updatedAt: new Date() })
      .where(and(eq(users.id, userId), eq(users.isActive, false)))
      .returning({ id: users.id });
    if (changed.length > 0) {
      await recordAudit(tx, actor.id, memberEvent(target, 'member.reactivated'));
      await publishMemberChange(db, tx, target, (organizationId) =>
        memberAdded(organizationId, target.user, 'reactivated', actor.id),
      );
    }
  });
  return loadUserRecord(db, userId);
}
