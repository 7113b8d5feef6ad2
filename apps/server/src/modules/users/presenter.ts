import type { User } from '@smart/contracts';
import type { UserRow } from '../../db/schema/index.js';
import type { Actor } from '../../lib/tenancy.js';
import { userPermissions } from './policy.js';

/** A user row with the names of its organization and department, as the queries select it. */
export interface UserRecord {
  /** The user's organization (also inside `user`), where the tenancy loader looks for it. */
  organizationId: string | null;
  user: Omit<
    UserRow,
    'passwordHash' | 'notificationPreferences' | 'twoFactorSecret' | 'twoFactorPendingSecret' | 'twoFactorLastStep'
  >;
  organizationName: string | null;
  /** Its organization is closed: nobody is reactivated into it until it is reopened. */
  organizationClosed: boolean;
  /** Its organization requires a second factor of its people. */
  organizationRequiresTwoFactor: boolean;
  departmentName: string | null;
}

/**
 * Row → the API's user JSON (contracts' schema), with what `actor` may do with the
 * account. Never includes the password hash.
 */
export function presentUser(
  { user, organizationName, organizationClosed, organizationRequiresTwoFactor, departmentName }: UserRecord,
  actor: Actor,
): User {
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
    twoFactorEnabled: user.twoFactorEnabledAt !== null,
    twoFactorRequired: organizationRequiresTwoFactor,
    permissions: userPermissions(actor, user, organizationClosed),
  };
}
