import { MESSAGES } from '@smart/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import { type Actor, canActInOrganization, isAdvisor } from '../../lib/tenancy.js';
import { sessionUserColumns } from '../../plugins/auth.js';
import { canWorkOnProjectsIn } from '../projects/policy.js';

/**
 * 400 unless the user may see a task of the organization: an active member working on its
 * projects (or admin), or an advisor with an active assignment to it (lib/tenancy.ts, the one check).
 */
export async function requireAssignable(db: Database, organizationId: string, userId: string | null | undefined) {
  if (!userId) return;
  const user = await activeUser(db, userId);
  const sees =
    user !== undefined &&
    (canWorkOnProjectsIn(user, organizationId) ||
      (isAdvisor(user) && (await canActInOrganization(db, user, organizationId))));
  if (!sees) throw badRequest(MESSAGES.assigneeCannotSeeTask);
}

/** An active user's session columns (role, organization), or undefined. */
export async function activeUser(db: Database, userId: string) {
  const [user] = await db
    .select(sessionUserColumns)
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isActive, true)))
    .limit(1);
  return user;
}

/** How a person is named in a task's history: "First Last", else the e-mail. */
export const displayName = (user: Pick<Actor, 'firstName' | 'lastName' | 'email'>) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;

/** The history names of the users (one query); a missing id maps to nothing. */
export async function namesOf(db: Database, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, displayName(row)]));
}
