import { describe, expect, it } from 'vitest';
import { meetsRequirement } from './access';
import { isPathUnder } from './paths';

const acmeOwner = {
  role: 'org_admin',
  roles: ['org_admin'],
  meta: { organizationId: 'acme', organizationName: 'Acme' },
};
const acmeMember = { role: 'user', roles: ['user'], meta: { organizationId: 'acme', organizationName: 'Acme' } };
const admin = { role: 'admin', roles: ['admin'], meta: { organizationId: 'smart', organizationName: 'SMART' } };
const advisor = { role: 'advisor', roles: ['advisor'], meta: { organizationId: 'smart', organizationName: 'SMART' } };

describe('meetsRequirement', () => {
  it('refuses a signed-out visitor whatever is asked', () => {
    expect(meetsRequirement(null, {})).toBe(false);
  });

  it('lets any one of the roles through', () => {
    expect(meetsRequirement(advisor, { roles: ['admin', 'advisor'] })).toBe(true);
    expect(meetsRequirement(acmeMember, { roles: ['admin', 'advisor'] })).toBe(false);
  });

  it('needs every flag', () => {
    expect(meetsRequirement(acmeOwner, { flags: ['canManageUsers', 'canManageBilling'] })).toBe(true);
    expect(meetsRequirement(acmeMember, { flags: ['canManageProjects', 'canManageUsers'] })).toBe(false);
  });

  it('needs membership of the organization unless the user may access all of them', () => {
    expect(meetsRequirement(acmeMember, { organizationId: 'acme' })).toBe(true);
    expect(meetsRequirement(acmeMember, { organizationId: 'globex' })).toBe(false);
    expect(meetsRequirement(admin, { organizationId: 'globex' })).toBe(true);
  });
});

describe('isPathUnder', () => {
  it('matches the path and its children, not its siblings', () => {
    expect(isPathUnder('/dashboard/teams', '/dashboard/teams')).toBe(true);
    expect(isPathUnder('/dashboard/teams/42', '/dashboard/teams')).toBe(true);
    expect(isPathUnder('/dashboard/teams', '/dashboard/team')).toBe(false);
  });
});
