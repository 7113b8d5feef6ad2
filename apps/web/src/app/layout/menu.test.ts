import { describe, expect, it } from 'vitest';
import { MENUS, menuKindFor, visibleMenu } from './menu';

const labels = (entries: { label: string }[]) => entries.map((entry) => entry.label);
/** The admin's main menu: every entry is built and the admin holds every flag, so it sees them all. */
const ADMIN_MAIN = [
  'Dashboard',
  'Templates',
  'Tickets',
  'Sessions',
  'Analytics',
  'Hours and Invoices',
  'S.M.A.R.T. Advisors',
];
const user = (role: string) => ({ role, roles: [role], meta: { organizationId: 'acme', organizationName: 'Acme' } });

describe('menuKindFor', () => {
  it('picks the admin menu, then the advisor menu, else the regular one', () => {
    expect(menuKindFor(user('admin'))).toBe('admin');
    expect(menuKindFor({ role: 'user', roles: ['user', 'admin'] })).toBe('admin');
    expect(menuKindFor(user('advisor'))).toBe('advisor');
    expect(menuKindFor(user('org_admin'))).toBe('regular');
    expect(menuKindFor(user('user'))).toBe('regular');
  });
});

describe('the menu tables', () => {
  it('list every entry of each role, available or not', () => {
    expect(labels(MENUS.regular.main)).toEqual([
      'Dashboard',
      'Projects',
      'My Tasks',
      'Messenger',
      'Tickets',
      'Sessions',
      'Timesheet',
      'Hours and Invoices',
      'Analytics',
      'Templates',
    ]);
    expect(labels(MENUS.regular.profile)).toEqual([
      'Personal Info',
      'Organization Details',
      'Departments',
      'Teams',
      'Team Members',
      'Audit Log',
      'Webhooks',
      'API Tokens',
      'Notifications',
    ]);
    expect(labels(MENUS.admin.main)).toEqual(ADMIN_MAIN);
    expect(labels(MENUS.admin.profile)).toEqual([
      'Personal Info',
      'Organization Details',
      'Departments',
      'Audit Log',
      'Webhooks',
      'Backups',
      'All API Tokens',
      'API Tokens',
      'Notifications',
    ]);
    // Messenger and Templates for advisors are ours (an inbox; they write templates); the advisor menu first drawn omitted them.
    // Sessions, Schedule and Timesheet came later; Hours and Invoices last.
    expect(labels(MENUS.advisor.main)).toEqual([
      'My Tasks',
      'Tickets',
      'Sessions',
      'Messenger',
      'Templates',
      'Organizations',
      'Schedule',
      'Timesheet',
      'Hours and Invoices',
    ]);
    expect(labels(MENUS.advisor.profile)).toEqual(['Personal Info', 'API Tokens', 'Notifications']);
  });
});

describe('visibleMenu', () => {
  it('shows only entries whose page exists', () => {
    const menu = visibleMenu(user('org_admin'));
    expect(labels(menu.main)).toEqual([
      'Dashboard',
      'Projects',
      'My Tasks',
      'Messenger',
      'Tickets',
      'Sessions',
      'Timesheet',
      'Hours and Invoices',
      'Analytics',
      'Templates',
    ]);
    // An org_admin holds every flag of the profile group, so it sees exactly the built entries.
    expect(labels(menu.profile)).toEqual(labels(MENUS.regular.profile.filter((entry) => entry.available)));
  });

  it('lists the organization pages for those holding their flags, Personal Info first and Notifications last', () => {
    const owner = labels(visibleMenu(user('org_admin')).profile);
    expect(owner).toEqual(expect.arrayContaining(['Organization Details', 'Team Members']));
    expect(owner[0]).toBe('Personal Info');
    expect(owner.at(-1)).toBe('Notifications');
    expect(owner.indexOf('Organization Details')).toBeLessThan(owner.indexOf('Team Members'));

    const member = labels(visibleMenu(user('user')).profile);
    expect(member).not.toContain('Organization Details');
    expect(member).not.toContain('Team Members');
    // The audit log is for those who manage the organization's settings.
    expect(member).not.toContain('Audit Log');
    expect(owner).toContain('Audit Log');
    // So are the webhook endpoints (decision 0277).
    expect(member).not.toContain('Webhooks');
    expect(owner).toContain('Webhooks');

    expect(labels(visibleMenu(user('admin')).profile)).toContain('Organization Details');
    expect(labels(visibleMenu(user('advisor')).profile)).toEqual(['Personal Info', 'API Tokens', 'Notifications']);
  });

  it('lists Departments and Teams after Organization Details for canManageUsers; the admin gets Departments only', () => {
    const owner = labels(visibleMenu(user('org_admin')).profile);
    expect(owner.indexOf('Departments')).toBe(owner.indexOf('Organization Details') + 1);
    expect(owner.indexOf('Teams')).toBe(owner.indexOf('Departments') + 1);

    const member = labels(visibleMenu(user('user')).profile);
    expect(member).not.toContain('Departments');
    expect(member).not.toContain('Teams');

    const admin = labels(visibleMenu(user('admin')).profile);
    expect(admin).toEqual([
      'Personal Info',
      'Organization Details',
      'Departments',
      'Audit Log',
      'Webhooks',
      'Backups',
      'All API Tokens',
      'API Tokens',
      'Notifications',
    ]);
  });

  it('gives advisors My Tasks, Tickets, Sessions, Messenger, Templates, Organizations, Schedule, Timesheet and Hours and Invoices, no Dashboard, Projects or Analytics; the admin Templates, Tickets, Sessions, Analytics, Hours and Invoices and S.M.A.R.T. Advisors', () => {
    expect(labels(visibleMenu(user('advisor')).main)).toEqual([
      'My Tasks',
      'Tickets',
      'Sessions',
      'Messenger',
      'Templates',
      'Organizations',
      'Schedule',
      'Timesheet',
      'Hours and Invoices',
    ]);
    expect(labels(visibleMenu(user('admin')).main)).toEqual(ADMIN_MAIN);
    expect(labels(visibleMenu(user('org_admin')).main)).not.toContain('S.M.A.R.T. Advisors');
  });

  it("gives a regular member Projects, My Tasks, Messenger, Tickets, Sessions, Timesheet and Templates, no Analytics (its flag is the org_admin's) nor Hours and Invoices (its roles'), and an admin Templates and Tickets alone of them (admin menu)", () => {
    expect(labels(visibleMenu(user('user')).main)).toEqual([
      'Dashboard',
      'Projects',
      'My Tasks',
      'Messenger',
      'Tickets',
      'Sessions',
      'Timesheet',
      'Templates',
    ]);
  });

  it('hides available entries whose flags the user lacks', () => {
    const allBuilt = {
      ...MENUS,
      regular: {
        main: MENUS.regular.main.map((entry) => ({ ...entry, available: true })),
        profile: MENUS.regular.profile.map((entry) => ({ ...entry, available: true })),
      },
    };
    const member = visibleMenu(user('user'), allBuilt);
    expect(labels(member.profile)).toEqual(['Personal Info', 'API Tokens', 'Notifications']);
    expect(labels(member.main)).toContain('Projects');
    const owner = visibleMenu(user('org_admin'), allBuilt);
    expect(labels(owner.profile)).toContain('Team Members');
  });
});
