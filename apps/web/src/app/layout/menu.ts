import { hasRole, isAdmin, type PermissionSubject } from '@smart/contracts';
import type { IconType } from 'react-icons';
import { type AccessRequirement, meetsRequirement } from '@/lib/access';
import { isAvailable, type MenuRouteId, ROUTES } from '../routes';

/** A sidebar link, made from its route table entry. `available` is false until the page is built. */
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

/**
 * The sidebar menus: which pages each kind of user finds there, in each role's own order. Labels, icons, groups and access rules come from the route table.
 * Analytics is listed for the regular menu and the admin's; its flag shows it to
 * org_admins and admins only.
 */
const MENU_ROUTES: Record<MenuKind, readonly MenuRouteId[]> = {
  regular: [
    'dashboard',
    'projects',
    'myTasks',
    'messenger',
    'tickets',
    'meetings',
    'timesheet',
    'invoicing',
    'analytics',
    'templates',
    'profile',
    'organization',
    'departments',
    'teams',
    'teamMembers',
    'auditLog',
    'webhooks',
    'apiTokens',
    'notifications',
  ],
  admin: [
    'dashboard',
    'templates',
    'tickets',
    'meetings',
    'analytics',
    'invoicing',
    'smartAdvisors',
    'profile',
    'organization',
    'departments',
    'auditLog',
    'webhooks',
    'backups',
    'allApiTokens',
    'apiTokens',
    'notifications',
  ],
  // Advisors have no dashboard home: /dashboard redirects them. Beyond its first
  // menu: Messenger (its inbox and unread badge across organizations,
  // docs/decisions/0101-advisors-get-a-messenger-menu-entry.md) and,
  // since they write templates (canCreateTemplates), the template library; then Sessions, Schedule
  // and Timesheet (for everyone who records time; admins reach it by its address), and Hours and
  // Invoices beside it (a member has none: its access names the roles that do).
  advisor: [
    'myTasks',
    'tickets',
    'meetings',
    'messenger',
    'templates',
    'organizations',
    'schedule',
    'timesheet',
    'invoicing',
    'profile',
    'apiTokens',
    'notifications',
  ],
};

function menuFrom(ids: readonly MenuRouteId[]): MenuDefinition {
  const entries = ids.map((id) => ROUTES[id]);
  const entriesIn = (group: 'main' | 'profile') =>
    entries
      .filter((entry) => entry.group === group)
      .map((entry) => ({
        label: entry.label,
        to: entry.path,
        icon: entry.icon,
        requires: entry.access,
        available: isAvailable(entry),
      }));
  return { main: entriesIn('main'), profile: entriesIn('profile') };
}

export const MENUS: Record<MenuKind, MenuDefinition> = {
  regular: menuFrom(MENU_ROUTES.regular),
  admin: menuFrom(MENU_ROUTES.admin),
  advisor: menuFrom(MENU_ROUTES.advisor),
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
