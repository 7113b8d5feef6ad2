import type { PermissionSubject } from '@smart/contracts';
import { UI_TEXT } from '@smart/contracts';
import type { IconType } from 'react-icons';
import {
  HiBell,
  HiCalendar,
  HiChartBar,
  HiChatAlt2,
  HiClipboardCheck,
  HiClock,
  HiCode,
  HiCollection,
  HiCreditCard,
  HiCurrencyDollar,
  HiDatabase,
  HiDocumentText,
  HiHome,
  HiKey,
  HiLightningBolt,
  HiLogin,
  HiOfficeBuilding,
  HiShieldCheck,
  HiSupport,
  HiUser,
  HiUserGroup,
  HiUsers,
  HiViewGrid,
} from 'react-icons/hi';
import { type AccessRequirement, meetsRequirement } from '@/lib/access';
import { paths, routePatterns } from '@/lib/paths';
import { type LazyPage, lazyPage } from './lazy-page';

export type MenuGroup = 'main' | 'profile';

/**
 * One page of the app. The router, the route guards, the sidebar
 * menus (layout/menu.ts), the dashboard cards (dashboard/cards.ts) and the tab title all read it.
 */
export interface RouteEntry {
  /** The router's pattern ('/dashboard/departments/:departmentId'). */
  path: string;
  /** Menu label and browser tab title. */
  label: string;
  icon: IconType;
  /** Absent until the page is built: no route, menu entry or card links to it before. */
  page?: LazyPage;
  /**
   * Its main reads start with the navigation, in parallel with its code: its route gets a loader,
   * which runs PAGE_READS[path] (page-reads.ts, a chunk of its own) through prefetch.ts.
   */
  startsReads?: true;
  /** Who may open it; anyone else gets Access Denied. */
  access?: AccessRequirement;
  /** Access Denied's text where the page has one of its own. */
  deniedMessage?: string;
  /** Where the sidebar lists it ('profile' is the My Profile group, which opens by itself on its pages). */
  group?: MenuGroup;
  /** The dashboard card's text; the title defaults to the label. */
  card?: { title?: string; description: string };
  /** Shown only to signed-out visitors (the sign-in page). */
  signedOutOnly?: boolean;
  /**
   * Shown to anyone, signed in or not, without the frame (the password reset pages: a mailed link
   * may be opened in a browser where someone is signed in).
   */
  open?: boolean;
  /** More paths showing the same page ('/' and '/login'). */
  alsoAt?: readonly string[];
}

/** Departments, teams and their detail pages, and the member directory (flag canManageUsers). */
const manageUsers: AccessRequirement = { flags: ['canManageUsers'] };
/** Projects and everything in them (flag canManageProjects). */
const manageProjects: AccessRequirement = { flags: ['canManageProjects'] };
/** The template library (flag canManageTemplates). */
const manageTemplates: AccessRequirement = { flags: ['canManageTemplates'] };
/**
 * Hours and Invoices (decision 0290): advisors submit their time and draw up invoices, org_admins
 * approve the time and set the rates, admins do both; a member has nothing there.
 */
const invoicing: AccessRequirement = { roles: ['advisor', 'org_admin', 'admin'] };

const table = {
  signIn: {
    path: paths.login,
    label: 'Sign In',
    icon: HiLogin,
    page: lazyPage(() => import('@/features/auth/pages/LoginPage')),
    signedOutOnly: true,
    alsoAt: [paths.root],
  },
  forgotPassword: {
    path: paths.forgotPassword,
    label: 'Forgot Password',
    icon: HiKey,
    page: lazyPage(() => import('@/features/auth/pages/ForgotPasswordPage')),
    open: true,
  },
  resetPassword: {
    path: paths.resetPassword,
    label: 'Reset Password',
    icon: HiKey,
    page: lazyPage(() => import('@/features/auth/pages/ResetPasswordPage')),
    open: true,
  },
  dashboard: {
    path: paths.dashboard,
    label: 'Dashboard',
    icon: HiHome,
    page: lazyPage(() => import('./dashboard/DashboardIndex')),
    group: 'main',
  },
  profile: {
    path: paths.profile,
    label: 'Personal Info',
    icon: HiUser,
    page: lazyPage(() => import('@/features/profile/pages/ProfilePage')),
    group: 'profile',
    card: { description: 'Your name, contact details, photo and password.' },
  },
  notifications: {
    path: paths.notifications,
    label: 'Notifications',
    icon: HiBell,
    page: lazyPage(() => import('@/features/notifications/pages/NotificationsPage')),
    group: 'profile',
    card: { description: 'Choose which e-mail, SMS and in-app notifications you get.' },
  },
  // Everyone signed in may make personal tokens for its scripts (decision 0281).
  apiTokens: {
    path: paths.apiTokens,
    label: 'API Tokens',
    icon: HiCode,
    page: lazyPage(() => import('@/features/api-tokens/pages/MyTokensPage')),
    group: 'profile',
  },
  // Everyone signed in has an inbox; the bell in the top bar leads here, so no menu lists it.
  notificationInbox: {
    path: paths.notificationInbox,
    label: 'Notification Inbox',
    icon: HiBell,
    page: lazyPage(() => import('@/features/notifications/pages/InboxPage')),
  },
  organization: {
    path: paths.organization,
    label: 'Organization Details',
    icon: HiOfficeBuilding,
    page: lazyPage(() => import('@/features/organization/pages/OrganizationPage')),
    access: { flags: ['canManageSettings'] },
    group: 'profile',
    card: { title: 'Organization', description: "Your organization's name, logo and contact details." },
  },
  // Reached from the organization page, so no menu lists it; in the group for its auto-expansion.
  organizationApiTokens: {
    path: paths.organizationApiTokens,
    label: 'Organization API Tokens',
    icon: HiCode,
    page: lazyPage(() => import('@/features/api-tokens/pages/OrganizationTokensPage')),
    access: { roles: ['org_admin'] },
    group: 'profile',
  },
  departments: {
    path: paths.departments,
    label: 'Departments',
    icon: HiViewGrid,
    page: lazyPage(() => import('@/features/departments/pages/DepartmentsPage')),
    access: manageUsers,
    group: 'profile',
    card: { description: 'Organize people into departments and see their teams.' },
  },
  department: {
    path: routePatterns.department,
    label: 'Department',
    icon: HiViewGrid,
    page: lazyPage(() => import('@/features/departments/pages/DepartmentDetailPage')),
    access: manageUsers,
  },
  teams: {
    path: paths.teams,
    label: 'Teams',
    icon: HiUserGroup,
    page: lazyPage(() => import('@/features/teams/pages/TeamsPage')),
    access: manageUsers,
    group: 'profile',
    card: { description: 'Form teams, name their leads and manage their members.' },
  },
  team: {
    path: routePatterns.teamDetail,
    label: 'Team',
    icon: HiUserGroup,
    page: lazyPage(() => import('@/features/teams/pages/TeamDetailPage')),
    access: manageUsers,
  },
  teamMembers: {
    path: paths.team,
    label: 'Team Members',
    icon: HiUsers,
    page: lazyPage(() => import('@/features/team-members/pages/TeamMembersPage')),
    access: manageUsers,
    group: 'profile',
    card: { description: 'Add people to your organization and keep their details current.' },
  },
  // In the My Profile group for its auto-expansion, though no menu lists it (reached from Organization).
  billing: {
    path: paths.billing,
    label: 'Subscription and Billing',
    icon: HiCreditCard,
    page: lazyPage(() => import('@/features/billing/pages/BillingPage')),
    access: { flags: ['canManageBilling'] },
    group: 'profile',
  },
  projects: {
    path: paths.projects,
    label: 'Projects',
    icon: HiCollection,
    page: lazyPage(() => import('@/features/projects/pages/ProjectsPage')),
    access: manageProjects,
    group: 'main',
    card: { description: 'Plan, assign and track projects.' },
  },
  project: {
    path: routePatterns.project,
    label: 'Project',
    icon: HiCollection,
    page: lazyPage(() => import('@/features/projects/pages/ProjectDetailPage')),
    startsReads: true,
    access: manageProjects,
  },
  objective: {
    path: routePatterns.objective,
    label: 'Objective',
    icon: HiCollection,
    page: lazyPage(() => import('@/features/projects/pages/ObjectiveDetailPage')),
    startsReads: true,
    access: manageProjects,
  },
  task: {
    path: routePatterns.task,
    label: 'Task',
    icon: HiClipboardCheck,
    page: lazyPage(() => import('@/features/projects/pages/TaskDetailPage')),
    startsReads: true,
    // Any signed-in user: an advisor opens the tasks assigned to it from My Tasks; the
    // server answers 404 for a task the user may not read.
  },
  /** A task by its id alone (the urgent-task SMS's link), leading to the task's page. */
  taskLink: {
    path: routePatterns.taskLink,
    label: 'Task',
    icon: HiClipboardCheck,
    page: lazyPage(() => import('@/features/projects/pages/TaskLinkPage')),
  },
  myTasks: {
    path: paths.myTasks,
    label: 'My Tasks',
    icon: HiClipboardCheck,
    page: lazyPage(() => import('./dashboard/MyTasksLanding')),
    group: 'main',
    card: { description: 'Everything assigned to you.' },
  },
  messenger: {
    path: paths.messenger,
    label: 'Messenger',
    icon: HiChatAlt2,
    page: lazyPage(() => import('@/features/messenger/pages/MessengerPage')),
    startsReads: true,
    group: 'main',
    card: { description: 'Talk with your team and your advisor.' },
  },
  tickets: {
    path: paths.tickets,
    label: 'Tickets',
    icon: HiSupport,
    page: lazyPage(() => import('@/features/tickets/pages/TicketsPage')),
    group: 'main',
    card: { description: 'Ask your advisor for help and follow up.' },
  },
  ticket: {
    path: routePatterns.ticket,
    label: 'Ticket',
    icon: HiSupport,
    page: lazyPage(() => import('@/features/tickets/pages/TicketDetailPage')),
    startsReads: true,
  },
  templates: {
    path: paths.templates,
    label: 'Templates',
    icon: HiDocumentText,
    page: lazyPage(() => import('@/features/templates/pages/TemplatesPage')),
    access: manageTemplates,
    group: 'main',
    card: { description: 'Policy and process documents for every department.' },
  },
  templateDepartment: {
    path: routePatterns.templateDepartment,
    label: 'Department Templates',
    icon: HiDocumentText,
    page: lazyPage(() => import('@/features/templates/pages/DepartmentTemplatesPage')),
    access: manageTemplates,
  },
  // Everyone signed in may have meetings: members book them, org_admins see their organization's,
  // advisors theirs, admins all; the server decides which rows each sees.
  meetings: {
    path: paths.meetings,
    label: 'Sessions',
    icon: HiCalendar,
    page: lazyPage(() => import('@/features/scheduling/pages/MeetingsPage')),
    group: 'main',
  },
  // Everyone signed in may record time on what it may change; the sheet is its own.
  timesheet: {
    path: paths.timesheet,
    label: 'Timesheet',
    icon: HiClock,
    page: lazyPage(() => import('@/features/time/pages/TimesheetPage')),
    group: 'main',
  },
  invoicing: {
    path: paths.invoicing,
    label: 'Hours and Invoices',
    icon: HiCurrencyDollar,
    page: lazyPage(() => import('@/features/invoicing/pages/InvoicingPage')),
    access: invoicing,
    group: 'main',
    card: { description: 'Approve submitted time, set hourly rates and issue monthly invoices.' },
  },
  invoice: {
    path: routePatterns.invoice,
    label: 'Invoice',
    icon: HiCurrencyDollar,
    page: lazyPage(() => import('@/features/invoicing/pages/InvoicePage')),
    access: invoicing,
  },
  // Who changed what, for those who manage the organization's people and settings.
  auditLog: {
    path: paths.auditLog,
    label: 'Audit Log',
    icon: HiShieldCheck,
    page: lazyPage(() => import('@/features/audit-log/pages/AuditLogPage')),
    access: { flags: ['canManageSettings'] },
    group: 'profile',
  },
  // An organization's webhook endpoints and their delivery logs (decision 0277): its org_admins; an
  // admin sees every organization's. The server decides whose rows each sees.
  webhooks: {
    path: paths.webhooks,
    label: 'Webhooks',
    icon: HiLightningBolt,
    page: lazyPage(() => import('@/features/webhooks/pages/WebhooksPage')),
    access: { flags: ['canManageSettings'] },
    group: 'profile',
  },
  webhook: {
    path: routePatterns.webhook,
    label: 'Webhook Endpoint',
    icon: HiLightningBolt,
    page: lazyPage(() => import('@/features/webhooks/pages/WebhookEndpointPage')),
    access: { flags: ['canManageSettings'] },
  },
  // The platform's scheduled backups (an archive holds every organization): admins only, beside the audit log.
  backups: {
    path: paths.backups,
    label: 'Backups',
    icon: HiDatabase,
    page: lazyPage(() => import('@/features/backups/pages/BackupsPage')),
    access: { roles: ['admin'] },
    deniedMessage: UI_TEXT.backupsDenied,
    group: 'profile',
  },
  // Every token on the platform, to find and revoke one: admins only, beside the backups.
  allApiTokens: {
    path: paths.allApiTokens,
    label: 'All API Tokens',
    icon: HiCode,
    page: lazyPage(() => import('@/features/api-tokens/pages/AllTokensPage')),
    access: { roles: ['admin'] },
    deniedMessage: UI_TEXT.apiTokensDenied,
    group: 'profile',
  },
  // An org_admin's figures of its organization, an admin's of any or all (canManageAnalytics).
  analytics: {
    path: paths.analytics,
    label: 'Analytics',
    icon: HiChartBar,
    page: lazyPage(() => import('@/features/analytics/pages/AnalyticsPage')),
    access: { flags: ['canManageAnalytics'] },
    group: 'main',
  },
  smartAdvisors: {
    path: paths.smartAdvisors,
    label: 'S.M.A.R.T. Advisors',
    icon: HiUserGroup,
    page: lazyPage(() => import('@/features/advisors/pages/SmartAdvisorsPage')),
    access: { roles: ['admin'] },
    deniedMessage: UI_TEXT.smartAdvisorsDenied,
    group: 'main',
  },
  organizations: {
    path: paths.organizations,
    label: 'Organizations',
    icon: HiOfficeBuilding,
    page: lazyPage(() => import('@/features/advisors/pages/MyOrganizationsPage')),
    access: { roles: ['advisor'] },
    group: 'main',
  },
  // The advisor's meetings across its organizations, and when it can meet.
  schedule: {
    path: paths.schedule,
    label: 'Schedule',
    icon: HiCalendar,
    page: lazyPage(() => import('@/features/scheduling/pages/SchedulePage')),
    access: { roles: ['advisor'] },
    group: 'main',
  },
} satisfies Record<string, RouteEntry>;

type Table = typeof table;
export type RouteId = keyof Table;
/** Routes the sidebar can list (they name a group). */
export type MenuRouteId = { [K in RouteId]: Table[K] extends { group: MenuGroup } ? K : never }[RouteId];
/** Routes with a dashboard card. */
export type CardRouteId = { [K in RouteId]: Table[K] extends { card: object } ? K : never }[RouteId];

export const ROUTES: Readonly<Record<RouteId, RouteEntry>> = table;

/** Built pages only: an entry without a page has no route, menu entry or card yet. */
export function isAvailable(entry: RouteEntry): entry is RouteEntry & { page: LazyPage } {
  return entry.page !== undefined;
}

/** A built page this user may open. */
export function canOpen(user: PermissionSubject | null | undefined, entry: RouteEntry): boolean {
  return isAvailable(entry) && meetsRequirement(user, entry.access ?? {});
}

/** The paths under which the sidebar's My Profile group opens by itself (page frame). */
export const PROFILE_GROUP_PATHS: readonly string[] = Object.values(ROUTES)
  .filter((entry) => entry.group === 'profile')
  .map((entry) => entry.path);
