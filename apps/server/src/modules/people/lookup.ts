import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import type { Actor } from '../../lib/tenancy.js';
import { sessionUserColumns } from '../../plugins/auth.js';

/** An active user's session columns (role, organization), or undefined. */
export async function activeUser(db: Database, userId: string) {
  const [user] = await db
    .select(sessionUserColumns)
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isActive, true)))
    .limit(1);
  return user;
}

/** How a person is named in a record's history: "First Last", else the e-mail. */
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
