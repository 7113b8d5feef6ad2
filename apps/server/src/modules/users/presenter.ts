import type { User, UserSummary } from '@smart/contracts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { UserRow } from '../../db/schema/index.js';

/** A user row with the names of its organization and department, as the queries select it. */
export interface UserRecord {
  /** The user's organization (also inside `user`), where the tenancy loader looks for it. */
  organizationId: string | null;
  user: Omit<UserRow, 'passwordHash' | 'notificationPreferences'>;
  organizationName: string | null;
  departmentName: string | null;
}

/** Row → the API's user JSON (first document, section 3). Never includes the password hash. */
export function presentUser({ user, organizationName, departmentName }: UserRecord): User {
  return {
    id: user.id,
    _id: user.id,
    email: user.email,
    role: user.role,
    roles: [user.role],
    firstName: user.firstName,
    lastName: user.lastName,
    profileImage: user.profileImage,
    profile: {
      firstName: user.firstName,
      lastName: user.lastName,
      profileImage: user.profileImage,
      specialties: user.specialties,
      experience: user.experience,
    },
    meta: {
      phone: user.phone,
      jobTitle: user.jobTitle,
      bio: user.bio,
      location: user.location,
      website: user.website,
      profileImage: user.profileImage,
      organizationId: user.organizationId,
      organizationName,
      department: departmentName,
      departmentId: user.departmentId,
      experience: user.experience,
      onboardingCompleted: user.onboardingCompleted,
    },
    isActive: user.isActive,
    createdAt: user.createdAt.toISOString(),
  };
}

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
