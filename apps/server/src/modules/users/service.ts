import type { PageQuery, ProfileUpdateBody, Role } from '@smart/contracts';
import { isAdmin, MESSAGES, type profileUpdateBody, type registerBody, resolveRole } from '@smart/contracts';
import { asc, count, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { departments, organizations, type UserRow, users } from '../../db/schema/index.js';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors.js';
import { pageOffset } from '../../lib/paging.js';
import { hashPassword } from '../../lib/passwords.js';
import { findDepartment, findDepartmentByName } from '../departments/service.js';
import { findOrganization, findPlatformOrganization } from '../organizations/service.js';
import { canRegister } from './policy.js';
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

/** A page of users matching `where` (all users when undefined), ordered by name, with the total. */
export async function listUserRecords(db: Database, where: SQL | undefined, page: PageQuery) {
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

export interface NewUser {
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

export async function createUser(db: Database, input: NewUser): Promise<UserRecord> {
  const passwordHash = await hashPassword(input.password);
  try {
    const [created = undefined] = await db
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

/**
 * Adds a member (POST /api/users/register). An org_admin always adds into its own organization,
 * whatever the body names; an admin may name any organization, and advisors and admins it adds
 * without one land in the platform organization. The department may be given by id or by name.
 */
export async function registerMember(db: Database, actor: UserRow, registration: Registration): Promise<UserRecord> {
  const { meta, ...body } = registration;
  const role = resolveRole({ role: body.role ?? null, roles: body.roles ?? null });
  let organizationId = isAdmin(actor) ? (meta.organizationId ?? null) : actor.organizationId;
  if (isAdmin(actor) && !organizationId && (role === 'admin' || role === 'advisor')) {
    organizationId = (await findPlatformOrganization(db))?.id ?? null;
  }
  if (!canRegister(actor, { organizationId, role })) throw forbidden(MESSAGES.roleNotAllowed);
  if (organizationId && !(await findOrganization(db, organizationId))) throw notFound(MESSAGES.organizationNotFound);

  let departmentId: string | null = null;
  if (meta.departmentId) {
    const department = await findDepartment(db, meta.departmentId);
    if (!department || department.organizationId !== organizationId) throw notFound(MESSAGES.departmentNotFound);
    departmentId = department.id;
  } else if (meta.department?.trim() && organizationId) {
    const department = await findDepartmentByName(db, organizationId, meta.department);
    if (!department) throw badRequest(MESSAGES.departmentNotFound);
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

export type { ProfileUpdateBody };

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

/** Moving to another organization leaves the old organization's department behind. */
export async function setUserOrganization(db: Database, userId: string, organizationId: string) {
  await db.update(users).set({ organizationId, departmentId: null, updatedAt: new Date() }).where(eq(users.id, userId));
  return loadUserRecord(db, userId);
}

export async function setUserDepartment(db: Database, userId: string, departmentId: string | null) {
  await db.update(users).set({ departmentId, updatedAt: new Date() }).where(eq(users.id, userId));
  return loadUserRecord(db, userId);
}
