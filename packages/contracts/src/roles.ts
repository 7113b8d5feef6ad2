/** Roles and their permission flags. The one place that maps roles to flags. */
export const ROLES = ['admin', 'org_admin', 'advisor', 'user'] as const;
export type Role = (typeof ROLES)[number];

export const DEFAULT_ROLE: Role = 'user';
export const DEFAULT_REGISTRATION_ROLES: Role[] = ['user'];

/** The name of the platform's own organization, home of admins and advisors. */
export const PLATFORM_ORGANIZATION_NAME = 'SMART';

export const PERMISSION_FLAGS = [
  'canManageUsers',
  'canManageDepartments',
  'canManageTeams',
  'canManageProjects',
  'canManageTemplates',
  'canManageMessenger',
  'canManageBilling',
  'canManageAnalytics',
  'canManageSettings',
  'canAccessAllOrganizations',
  'canCreateTemplates',
] as const;
export type PermissionFlag = (typeof PERMISSION_FLAGS)[number];
export type FlagSet = Record<PermissionFlag, boolean>;

const none: FlagSet = Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, false])) as FlagSet;

export const ROLE_FLAGS = {
  admin: Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, true])) as FlagSet,
  org_admin: {
    ...none,
    canManageUsers: true,
    canManageDepartments: true,
    canManageTeams: true,
    canManageProjects: true,
    canManageTemplates: true,
    canManageMessenger: true,
    canManageBilling: true,
    canManageAnalytics: true,
    canManageSettings: true,
  },
  advisor: { ...none, canManageTemplates: true, canCreateTemplates: true },
  user: { ...none, canManageProjects: true, canManageTemplates: true, canManageMessenger: true },
} as const satisfies Record<Role, FlagSet>;

export const SIGNED_OUT_FLAGS: FlagSet = none;

export interface RoleHolder {
  role?: string | null;
  roles?: readonly string[] | null;
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** The single role field wins; else the first entry of roles; else 'user'. */
export function resolveRole(holder: RoleHolder | null | undefined): Role {
  if (holder && isRole(holder.role)) return holder.role;
  const first = holder?.roles?.[0];
  return isRole(first) ? first : DEFAULT_ROLE;
}

/** Admin check: role is admin or roles includes admin. */
export function hasRole(holder: RoleHolder | null | undefined, role: Role): boolean {
  if (!holder) return false;
  return holder.role === role || (holder.roles?.includes(role) ?? false);
}

/** Platform staff: admins and advisors. They belong to the platform organization and are changed only by an admin. */
export const STAFF_ROLES = ['admin', 'advisor'] as const satisfies readonly Role[];
export const isStaffRole = (role: Role) => (STAFF_ROLES as readonly Role[]).includes(role);

/**
 * Which roles an organization may hold: the platform organization only staff; a customer
 * organization only users and org_admins (advisors reach customers through assignments).
 */
export const roleFitsOrganization = (role: Role, organization: { isPlatform: boolean }) =>
  organization.isPlatform === isStaffRole(role);

export const isAdmin = (holder: RoleHolder | null | undefined) => hasRole(holder, 'admin');
export const isOrgAdmin = (holder: RoleHolder | null | undefined) => hasRole(holder, 'org_admin');

export interface Permissions extends FlagSet {
  organizationId: string | null;
  organizationName: string | null;
}

export interface PermissionSubject extends RoleHolder {
  meta?: { organizationId?: string | null; organizationName?: string | null } | null;
}

/** Flags for a signed-in user (or all false when signed out), with its organization. */
export function permissionsFor(user: PermissionSubject | null | undefined): Permissions {
  if (!user) return { ...SIGNED_OUT_FLAGS, organizationId: null, organizationName: null };
  return {
    ...ROLE_FLAGS[resolveRole(user)],
    organizationId: user.meta?.organizationId ?? null,
    organizationName: user.meta?.organizationName ?? null,
  };
}

/** How each role is named on screen (the add-member form labels org_admin 'Organization Admin'). */
export const ROLE_LABELS = {
  admin: 'Platform Admin',
  org_admin: 'Organization Admin',
  advisor: 'Advisor',
  user: 'User',
} as const satisfies Record<Role, string>;
