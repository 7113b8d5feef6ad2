import { describe, expect, it } from 'vitest';
import { PAGE_READS } from './page-reads';
import { pageAt } from './prefetch';
import { canOpen, isAvailable, PROFILE_GROUP_PATHS, ROUTES } from './routes';

const user = (role: string) => ({ role, roles: [role], meta: { organizationId: 'acme', organizationName: 'Acme' } });

describe('the route table', () => {
  it('gives every page its own path', () => {
    const built = Object.values(ROUTES).filter(isAvailable);
    const taken = built.flatMap((entry) => [entry.path, ...(entry.alsoAt ?? [])]);
    expect(new Set(taken).size).toBe(taken.length);
    expect(taken).toEqual(
      expect.arrayContaining(['/', '/login', '/dashboard', '/dashboard/departments/:departmentId']),
    );
  });

  it('opens the My Profile group on profile, organization, team, billing, departments, teams, audit log, webhooks, backups, notifications and API tokens', () => {
    expect([...PROFILE_GROUP_PATHS].sort()).toEqual(
      [
        '/dashboard/all-api-tokens',
        '/dashboard/api-tokens',
        '/dashboard/organization/api-tokens',
        '/dashboard/audit-log',
        '/dashboard/backups',
        '/dashboard/billing',
        '/dashboard/departments',
        '/dashboard/notifications',
        '/dashboard/organization',
        '/dashboard/profile',
        '/dashboard/team',
        '/dashboard/teams',
        '/dashboard/webhooks',
      ].sort(),
    );
  });

  it('gives a detail page the access rule of its list', () => {
    expect(ROUTES.department.access).toEqual(ROUTES.departments.access);
    expect(ROUTES.team.access).toEqual(ROUTES.teams.access);
    expect(ROUTES.webhook.access).toEqual(ROUTES.webhooks.access);
    for (const detail of [ROUTES.project, ROUTES.objective]) {
      expect(detail.access).toEqual(ROUTES.projects.access);
    }
    expect(ROUTES.ticket.access).toEqual(ROUTES.tickets.access);
    expect(ROUTES.invoice.access).toEqual(ROUTES.invoicing.access);
  });
});

describe('canOpen', () => {
  it('opens My Tasks and a task to anyone signed in, the project pages to canManageProjects (not advisors)', () => {
    for (const role of ['user', 'org_admin', 'advisor']) expect(canOpen(user(role), ROUTES.myTasks)).toBe(true);
    expect(canOpen(user('user'), ROUTES.task)).toBe(true);
    expect(canOpen(user('advisor'), ROUTES.projects)).toBe(false);
    // An advisor works on the tasks assigned to it, from My Tasks: the server decides which.
    expect(canOpen(user('advisor'), ROUTES.task)).toBe(true);
  });

  it('lets a user open a built page whose rule it meets', () => {
    expect(canOpen(user('org_admin'), ROUTES.departments)).toBe(true);
    expect(canOpen(user('user'), ROUTES.departments)).toBe(false);
    expect(canOpen(user('user'), ROUTES.notifications)).toBe(true);
  });

  it('opens Analytics to org_admins and admins (canManageAnalytics), not to members or advisors', () => {
    expect(canOpen(user('org_admin'), ROUTES.analytics)).toBe(true);
    expect(canOpen(user('admin'), ROUTES.analytics)).toBe(true);
    expect(canOpen(user('user'), ROUTES.analytics)).toBe(false);
    expect(canOpen(user('advisor'), ROUTES.analytics)).toBe(false);
  });

  it('opens Hours and Invoices to advisors, org_admins and admins, not to members', () => {
    for (const role of ['advisor', 'org_admin', 'admin']) {
      expect(canOpen(user(role), ROUTES.invoicing)).toBe(true);
      expect(canOpen(user(role), ROUTES.invoice)).toBe(true);
    }
    expect(canOpen(user('user'), ROUTES.invoicing)).toBe(false);
    expect(canOpen(user('user'), ROUTES.invoice)).toBe(false);
  });

  it('opens the notification inbox to every role', () => {
    for (const role of ['user', 'org_admin', 'advisor', 'admin']) {
      expect(canOpen(user(role), ROUTES.notificationInbox)).toBe(true);
    }
  });

  it('opens Messenger to anyone signed in', () => {
    for (const role of ['user', 'org_admin', 'advisor']) expect(canOpen(user(role), ROUTES.messenger)).toBe(true);
  });

  it('opens the template library to every role (all hold canManageTemplates)', () => {
    for (const role of ['user', 'org_admin', 'advisor', 'admin']) {
      expect(canOpen(user(role), ROUTES.templates)).toBe(true);
      expect(canOpen(user(role), ROUTES.templateDepartment)).toBe(true);
    }
  });
});

describe('pageAt', () => {
  it('finds the page of an address with its parameters, as the router matches it', () => {
    expect(pageAt('/dashboard/projects/p1/objectives/o1')).toEqual({
      entry: ROUTES.objective,
      params: { projectId: 'p1', objectiveId: 'o1' },
    });
    expect(pageAt('/dashboard/tickets/t1')?.params).toEqual({ ticketId: 't1' });
    expect(pageAt('/')?.entry).toBe(ROUTES.signIn);
    expect(pageAt('/dashboard')?.entry).toBe(ROUTES.dashboard);
    expect(pageAt('/dashboard/nowhere')).toBeUndefined();
  });

  it('starts the reads of the slow pages with the navigation, each with its reads defined', () => {
    const starting = Object.values(ROUTES).filter((entry) => entry.startsReads);
    expect(starting).toEqual([ROUTES.project, ROUTES.objective, ROUTES.task, ROUTES.messenger, ROUTES.ticket]);
    expect(Object.keys(PAGE_READS).sort()).toEqual(starting.map((entry) => entry.path).sort());
  });
});
