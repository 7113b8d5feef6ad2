import type { UserSummary } from '@smart/contracts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { UserRow } from '../../db/schema/index.js';

/**
 * The one shape of a user embedded in another record (a department's manager, a team's lead or
 * member): id, names, e-mail, avatar, job title, phone and role. Every query that embeds a user
 * selects `userSummaryOf(users or an alias)`, so none reads the password hash or private fields.
 */
type SummaryColumn = 'id' | 'email' | 'firstName' | 'lastName' | 'profileImage' | 'jobTitle' | 'phone' | 'role';

/** The columns of a user embedded in another record (never the password hash or private fields). */
export type UserSummaryRow = Pick<UserRow, SummaryColumn>;

/** The selection of a user summary from `users` or an alias of it, for a query's select list. */
export function userSummaryOf<T extends Record<SummaryColumn, AnyPgColumn>>(table: T): Pick<T, SummaryColumn> {
  return {
    id: table.id,
    email: table.email,
    firstName: table.firstName,
    lastName: table.lastName,
    profileImage: table.profileImage,
    jobTitle: table.jobTitle,
    phone: table.phone,
    role: table.role,
  };
}

/** A user inside another record (a manager, a team lead or member). */
export function presentUserSummary(user: UserSummaryRow): UserSummary {
  return {
    id: user.id,
    _id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImage: user.profileImage,
    jobTitle: user.jobTitle,
    phone: user.phone,
    role: user.role,
    roles: [user.role],
  };
}

/** An embedded user that may be gone (deleted accounts leave null). */
export const summaryOrNull = (user: UserSummaryRow | null) => (user ? presentUserSummary(user) : null);
