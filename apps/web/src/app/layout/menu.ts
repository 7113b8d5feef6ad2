import { hasRole, isAdmin, type PermissionSubject } from '@smart/contracts';
import type { IconType } from 'react-icons';
import {
  HiBell,
  HiChatAlt2,
  HiClipboardCheck,
  HiCollection,
  HiDocumentText,
  HiHome,
  HiOfficeBuilding,
  HiSupport,
  HiUser,
  HiUserGroup,
  HiUsers,
  HiViewGrid,
} from 'react-icons/hi';
import { type AccessRequirement, meetsRequirement } from '@/lib/access';
import { paths } from '@/lib/paths';

/**
 * The sidebar menus of spec section 2, as data. `available` is false until the entry's page is
 * built; the issue that builds a page flips its rows (and registers the route in router.tsx).
 */
export interface MenuEntry {
  label: string;
  to: string;
  icon: IconType;
  requires?: AccessRequirement;
  available: boolean;
}

export interface MenuDefinition {
  main: MenuEntry[];
  /** The expandable 'My Profile' group. */
  profile: MenuEntry[];
}

export type MenuKind = 'regular' | 'admin' | 'advisor';

const personalInfo: MenuEntry = { label: 'Personal Info', to: paths.profile, icon: HiUser, available: true };
const notifications: MenuEntry = { label: 'Notifications', to: paths.notifications, icon: HiBell, available: true };
const dashboard: MenuEntry = { label: 'Dashboard', to: paths.dashboard, icon: HiHome, available: true };
const tickets: MenuEntry = { label: 'Tickets', to: paths.tickets, icon: HiSupport, available: false };
const myTasks: MenuEntry = { label: 'My Tasks', to: paths.myTasks, icon: HiClipboardCheck, available: false };
const organizationDetails: MenuEntry = {
  label: 'Organization Details',
  to: paths.organization,
  icon: HiOfficeBuilding,
  requires: { flags: ['canManageSettings'] },
  available: true,
};
const departments: MenuEntry = {
  label: 'Departments',
  to: paths.departments,
  icon: HiViewGrid,
  requires: { flags: ['canManageUsers'] },
  available: true,
};
const templates: MenuEntry = {
  label: 'Templates',
  to: paths.templates,
  icon: HiDocumentText,
  requires: { flags: ['canManageTemplates'] },
  available: false,
};

export const MENUS: Record<MenuKind, MenuDefinition> = {
  regular: {
    main: [
      dashboard,
      {
        label: 'Projects',
        to: paths.projects,
        icon: HiCollection,
        requires: { flags: ['canManageProjects'] },
        available: false,
      },
      myTasks,
      { label: 'Messenger', to: paths.messenger, icon: HiChatAlt2, available: false },
      tickets,
      templates,
    ],
    profile: [
      personalInfo,
      organizationDetails,
      departments,
      {
        label: 'Teams',
        to: paths.teams,
        icon: HiUserGroup,
        requires: { flags: ['canManageUsers'] },
        available: true,
      },
      {
        label: 'Team Members',
        to: paths.team,
        icon: HiUsers,
        requires: { flags: ['canManageUsers'] },
        available: true,
      },
      notifications,
    ],
  },
  admin: {
    main: [
      dashboard,
      templates,
      tickets,
      { label: 'S.M.A.R.T. Advisors', to: paths.smartAdvisors, icon: HiUserGroup, available: false },
    ],
    profile: [personalInfo, organizationDetails, departments, notifications],
  },
  // Advisors have no dashboard home: /dashboard redirects them (spec section 2).
  advisor: {
    main: [
      myTasks,
      tickets,
      { label: 'Organizations', to: paths.organizations, icon: HiOfficeBuilding, available: false },
    ],
    profile: [personalInfo, notifications],
  },
};

export function menuKindFor(user: PermissionSubject | null | undefined): MenuKind {
  if (isAdmin(user)) return 'admin';
  if (hasRole(user, 'advisor')) return 'advisor';
  return 'regular';
}

/** The entries this user may see and that have a page. */
export function visibleMenu(
  user: PermissionSubject | null | undefined,
  menus: Record<MenuKind, MenuDefinition> = MENUS,
): MenuDefinition {
  const menu = menus[menuKindFor(user)];
  const visible = (entry: MenuEntry) => entry.available && meetsRequirement(user, entry.requires ?? {});
  return { main: menu.main.filter(visible), profile: menu.profile.filter(visible) };
}
