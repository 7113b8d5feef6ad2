import type { PageQuery, ProfileUpdateBody, Role } from '@smart/contracts';
import { MESSAGES, type profileUpdateBody } from '@smart/contracts';
import { asc, count, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { departments, organizations, users } from '../../db/schema/index.js';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors.js';
import { pageOffset } from '../../lib/paging.js';
import { hashPassword } from '../../lib/passwords.js';
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
