/**
 * Every route path of the app (spec section 2), in one place. Only some of them have a page yet:
 * router.tsx registers those, and menus/cards link only to entries marked available.
 */
export const paths = {
  root: '/',
  login: '/login',
  dashboard: '/dashboard',
  profile: '/dashboard/profile',
  notifications: '/dashboard/notifications',
  organization: '/dashboard/organization',
  team: '/dashboard/team',
  billing: '/dashboard/billing',
  departments: '/dashboard/departments',
  department: (departmentId: string) => `/dashboard/departments/${encodeURIComponent(departmentId)}`,
  teams: '/dashboard/teams',
  teamDetail: (teamId: string) => `/dashboard/teams/${encodeURIComponent(teamId)}`,
  projects: '/dashboard/projects',
  myTasks: '/dashboard/my-tasks',
  messenger: '/dashboard/messenger',
  templates: '/dashboard/templates',
  tickets: '/dashboard/tickets',
  smartAdvisors: '/dashboard/smart-advisors',
  organizations: '/dashboard/organizations',
} as const;

/** Route patterns of the pages with a parameter, for router.tsx (paths.department(id) builds the links). */
export const routePatterns = {
  department: '/dashboard/departments/:departmentId',
  teamDetail: '/dashboard/teams/:teamId',
} as const;

/** Paths under which the sidebar's 'My Profile' group opens by itself (spec section 2, page frame). */
export const PROFILE_GROUP_PATHS: readonly string[] = [
  paths.profile,
  paths.organization,
  paths.team,
  paths.billing,
  paths.departments,
  paths.teams,
  paths.notifications,
];

/** True for the path itself and anything below it ('/dashboard/teams/42' is under '/dashboard/teams'). */
export function isPathUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}
