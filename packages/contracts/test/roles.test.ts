import { describe, expect, it } from 'vitest';
import { isAdmin, isOrgAdmin, PERMISSION_FLAGS, permissionsFor, resolveRole } from '../src/index.js';

const on = (...flags: string[]) => Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, flags.includes(flag)]));

describe('roles → permission flags', () => {
  it.each([
    ['admin', on(...PERMISSION_FLAGS)],
    [
      'org_admin',
      on(
        'canManageUsers',
        'canManageDepartments',
        'canManageTeams',
        'canManageProjects',
        'canManageTemplates',
        'canManageMessenger',
        'canManageBilling',
        'canManageAnalytics',
        'canManageSettings',
      ),
    ],
    ['advisor', on('canManageTemplates', 'canCreateTemplates')],
    ['user', on('canManageProjects', 'canManageTemplates', 'canManageMessenger')],
  ])('%s', (role, flags) => {
    const { organizationId, organizationName, ...granted } = permissionsFor({ role });
    expect(granted).toEqual(flags);
    expect([organizationId, organizationName]).toEqual([null, null]);
  });

  it('gives a signed-out visitor nothing', () => {
    const { organizationId, ...granted } = permissionsFor(null);
    expect(Object.values(granted).filter(Boolean)).toEqual([]);
  });

  it('carries the organization id and name', () => {
    const flags = permissionsFor({
      role: 'org_admin',
      meta: { organizationId: 'org-1', organizationName: 'Acme Corp' },
    });
    expect(flags).toMatchObject({ organizationId: 'org-1', organizationName: 'Acme Corp', canManageBilling: true });
  });

  it('takes the single role, else the first of roles, else user', () => {
    expect(resolveRole({ role: 'advisor', roles: ['admin'] })).toBe('advisor');
    expect(resolveRole({ roles: ['org_admin', 'user'] })).toBe('org_admin');
    expect(resolveRole({ role: 'superuser' })).toBe('user');
    expect(resolveRole(undefined)).toBe('user');
    expect(permissionsFor({ roles: ['org_admin'] }).canManageUsers).toBe(true);
  });

  it('checks admin and org_admin by role or roles', () => {
    expect(isAdmin({ role: 'user', roles: ['user', 'admin'] })).toBe(true);
    expect(isAdmin({ role: 'org_admin' })).toBe(false);
    expect(isOrgAdmin({ roles: ['org_admin'] })).toBe(true);
    expect(isOrgAdmin(null)).toBe(false);
  });
});
