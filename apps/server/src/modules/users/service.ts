import type { PageQuery, Role } from '@smart/contracts';
import { isAdmin, MESSAGES, type profileUpdateBody, type registerBody, resolveRole } from '@smart/contracts';
import { asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { departments, organizations, type UserRow, users } from '../../db/schema/index.js';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors.js';
import { pageOffset } from '../../lib/paging.js';
import { hashPassword } from '../../lib/passwords.js';
import { findDepartment, findDepartmentByName } from '../departments/service.js';
import { advisesOrganization, findOrganization, findPlatformOrganization } from '../organizations/service.js';
import {
  canChangeUserDepartment,
  canChangeUserOrganization,
  canListUsers,
  canReadDepartment,
  canReadOrganizationUsers,
  canRegister,
  canSeeUser,
} from './policy.js';
import type { UserRecord } from './presenter.js';

/** Users with their organization's and department's names: one query, joined. */
function selectUserRecords(db: Database) {
  return db
    .select({ user: users, organizationName: organizations.name, departmentName: departments.name })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .leftJoin(departments, eq(departments.id, users.departmentId));
}

export async function findUserRecord(db: Database, id: string): Promise<UserRecord | null> {
  const [row] = await selectUserRecords(db).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** The user record, or a 404 (for instance when it was deleted meanwhile). */
export async function loadUserRecord(db: Database, id: string): Promise<UserRecord> {
  const record = await findUserRecord(db, id);
  if (!record) throw notFound(MESSAGES.userNotFound);
  return record;
}

export interface UserPage {
  items: UserRecord[];
  total: number;
}

/** A page of users matching `where`, ordered by name, with the total: two queries whatever the page size. */
async function listUserRecords(db: Database, where: SQL, page: PageQuery): Promise<UserPage> {
  const [items, [totals]] = await Promise.all([
    selectUserRecords(db)
      .where(where)
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
      .limit(page.limit)
      .offset(pageOffset(page)),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { items, total: totals?.total ?? 0 };
}

/** GET /api/users: everyone for admin, the own organization for an org_admin. */
export async function listUsersVisibleTo(db: Database, actor: UserRow, page: PageQuery): Promise<UserPage> {
  if (!canListUsers(actor)) throw forbidden();
  if (isAdmin(actor)) return listUserRecords(db, sql`true`, page);
  if (!actor.organizationId) return { items: [], total: 0 };
  return listUserRecords(db, eq(users.organizationId, actor.organizationId), page);
}

/** An organization's directory, for its members, its advisors and admin; others get 404. */
export async function listOrganizationUsers(db: Database, actor: UserRow, organizationId: string, page: PageQuery) {
  const advises = actor.role === 'advisor' && (await advisesOrganization(db, actor.id, organizationId));
  if (!canReadOrganizationUsers(actor, organizationId, advises) || !(await findOrganization(db, organizationId))) {
    throw notFound(MESSAGES.organizationNotFound);
  }
  return listUserRecords(db, eq(users.organizationId, organizationId), page);
}

/** A department's members, for its organization and admin; others get 404. */
export async function listDepartmentMembers(db: Database, actor: UserRow, departmentId: string, page: PageQuery) {
  const department = await findDepartment(db, departmentId);
  if (!department || !canReadDepartment(actor, department)) throw notFound(MESSAGES.departmentNotFound);
  return listUserRecords(db, eq(users.departmentId, department.id), page);
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
}

async function createUser(db: Database, input: NewUser): Promise<UserRecord> {
  const passwordHash = await hashPassword(input.password);
  try {
    const [created] = await db
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
      })
      .returning({ id: users.id });
    if (!created) throw new Error('insert returned no row');
    return await loadUserRecord(db, created.id);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MESSAGES.emailTaken);
    throw error;
  }
}

type Registration = z.output<typeof registerBody>;

/** Staff roles live in the platform organization; members must belong to a customer organization. */
const isPlatformRole = (role: Role) => role === 'admin' || role === 'advisor';

/**
 * Adds a member (POST /api/users/register). An org_admin always adds into its own organization,
 * whatever the body names; an admin may name any organization, and advisors and admins it adds
 * without one land in the platform organization. The department may be given by id or by name,
 * and must belong to that organization (404 otherwise).
 */
export async function registerMember(db: Database, actor: UserRow, registration: Registration): Promise<UserRecord> {
  const { meta, ...body } = registration;
  const role = resolveRole({ role: body.role ?? null, roles: body.roles ?? null });
  let organizationId = isAdmin(actor) ? (meta.organizationId ?? null) : actor.organizationId;
  if (isAdmin(actor) && !organizationId && isPlatformRole(role)) {
    organizationId = (await findPlatformOrganization(db))?.id ?? null;
  }
  if (!canRegister(actor, { organizationId, role })) throw forbidden(MESSAGES.roleNotAllowed);
  if (!organizationId) {
    if (!isPlatformRole(role)) throw badRequest(MESSAGES.organizationRequired);
  } else if (!(await findOrganization(db, organizationId))) {
    throw notFound(MESSAGES.organizationNotFound);
  }

  let departmentId: string | null = null;
  if (meta.departmentId || meta.department?.trim()) {
    const department = meta.departmentId
      ? await findDepartment(db, meta.departmentId)
      : organizationId && meta.department
        ? await findDepartmentByName(db, organizationId, meta.department)
        : null;
    if (!department || department.organizationId !== organizationId) throw notFound(MESSAGES.departmentNotFound);
    departmentId = department.id;
  }

  return createUser(db, {
    ...body,
    role,
    organizationId,
    departmentId,
    jobTitle: meta.jobTitle,
    phone: meta.phone,
  });
}

type ProfileUpdate = z.output<typeof profileUpdateBody>;

/** Applies a user's own profile edit. Fields left out stay as they are. */
export async function updateOwnProfile(db: Database, userId: string, update: ProfileUpdate): Promise<UserRecord> {
  const firstName = update.profile?.firstName ?? update.firstName;
  const lastName = update.profile?.lastName ?? update.lastName;
  const meta = update.meta ?? {};
  const changes = {
    ...(firstName !== undefined && { firstName }),
    ...(lastName !== undefined && { lastName }),
    ...(update.email !== undefined && { email: update.email }),
    ...(meta.phone !== undefined && { phone: meta.phone }),
    ...(meta.jobTitle !== undefined && { jobTitle: meta.jobTitle }),
    ...(meta.bio !== undefined && { bio: meta.bio }),
    ...(meta.location !== undefined && { location: meta.location }),
    ...(meta.website !== undefined && { website: meta.website }),
    ...(meta.profileImage !== undefined && { profileImage: meta.profileImage }),
  };
  try {
    await db
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, userId));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MESSAGES.emailTaken);
    throw error;
  }
  return loadUserRecord(db, userId);
}

/** Moves a user to another organization (admin). Its old organization's department is left behind. */
export async function moveUserToOrganization(db: Database, actor: UserRow, userId: string, organizationId: string) {
  if (!canChangeUserOrganization(actor)) throw forbidden();
  if (!(await findUserRecord(db, userId))) throw notFound(MESSAGES.userNotFound);
  if (!(await findOrganization(db, organizationId))) throw notFound(MESSAGES.organizationNotFound);
  await db.update(users).set({ organizationId, departmentId: null, updatedAt: new Date() }).where(eq(users.id, userId));
  return loadUserRecord(db, userId);
}

/**
 * Places a user in one of its own organization's departments, or in none (null).
 * A user or department the actor cannot see answers 404; seeing without managing is 403.
 */
export async function placeUserInDepartment(
  db: Database,
  actor: UserRow,
  userId: string,
  departmentId: string | null,
): Promise<UserRecord> {
  const target = await findUserRecord(db, userId);
  if (!target || !canSeeUser(actor, target.user)) throw notFound(MESSAGES.userNotFound);
  if (!canChangeUserDepartment(actor, target.user)) throw forbidden();
  if (departmentId) {
    const department = await findDepartment(db, departmentId);
    if (department?.organizationId !== target.user.organizationId) throw notFound(MESSAGES.departmentNotFound);
  }
  await db.update(users).set({ departmentId, updatedAt: new Date() }).where(eq(users.id, userId));
  return loadUserRecord(db, userId);
}
