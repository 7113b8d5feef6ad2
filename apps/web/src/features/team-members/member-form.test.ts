import { UI_TEXT, type User } from '@smart/contracts';
import { describe, expect, it } from 'vitest';
import {
  checkNewMember,
  EMPTY_NEW_MEMBER,
  editValuesFrom,
  registerBodyFrom,
  updateMemberBodyFrom,
} from './member-form';

function user(overrides: Partial<User['meta']> = {}, role: User['role'] = 'user'): User {
  return {
    id: 'u-1',
    _id: 'u-1',
    email: 'jo@acme.example.com',
    role,
    roles: [role],
    firstName: 'Jo',
    lastName: 'Doe',
    profileImage: null,
    profile: { firstName: 'Jo', lastName: 'Doe', profileImage: null, specialties: [], experience: null },
    meta: {
      phone: null,
      jobTitle: 'Analyst',
      bio: null,
      location: null,
      website: null,
      profileImage: null,
      organizationId: 'org-1',
      organizationName: 'Acme Corp',
      department: 'Finance',
      departmentId: 'dep-1',
      experience: null,
      onboardingCompleted: false,
      ...overrides,
    },
    isActive: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    twoFactorEnabled: false,
    twoFactorRequired: false,
    permissions: { canEdit: true, canDeactivate: true, canReactivate: false, canResetTwoFactor: false },
  };
}

describe('registerBodyFrom', () => {
  it("puts the new member in the manager's organization with the chosen role and department", () => {
    const body = registerBodyFrom(
      {
        ...EMPTY_NEW_MEMBER,
        firstName: ' Jo ',
        lastName: 'Doe',
        email: ' jo@acme.example.com ',
        password: 'secret1',
        confirmPassword: 'secret1',
        role: 'org_admin',
        departmentId: 'dep-1',
      },
      { id: 'org-1', name: 'Acme Corp' },
      'Finance',
    );
    expect(body).toEqual({
      firstName: 'Jo',
      lastName: 'Doe',
      email: 'jo@acme.example.com',
      password: 'secret1',
      roles: ['org_admin'],
      meta: {
        organizationId: 'org-1',
        organizationName: 'Acme Corp',
        jobTitle: '',
        phone: '',
        departmentId: 'dep-1',
        department: 'Finance',
      },
    });
  });

  it('sends no department when none is chosen', () => {
    const body = registerBodyFrom(EMPTY_NEW_MEMBER, { id: 'org-1', name: null }, null);
    expect(body.meta).toEqual({ organizationId: 'org-1', jobTitle: '', phone: '' });
  });
});

describe('checkNewMember', () => {
  const check = checkNewMember({ id: '7b0f0f59-2f4e-4f0c-9d4c-1f6b2b6e1a11', name: 'Acme Corp' });
  const filled = {
    ...EMPTY_NEW_MEMBER,
    firstName: 'Jo',
    lastName: 'Doe',
    email: 'jo@acme.example.com',
    password: 'secret1',
    confirmPassword: 'secret1',
  };

  it.each([
    [{}, { firstName: UI_TEXT.firstNameRequired }],
    [{ ...filled, email: 'jo.example.com', password: '' }, { email: UI_TEXT.emailInvalid }],
    [{ ...filled, confirmPassword: 'other1', phone: 'abc' }, { confirmPassword: UI_TEXT.passwordsDoNotMatch }],
    [{ ...filled, phone: 'abc' }, { phone: UI_TEXT.phoneInvalid }],
    [{ ...filled, phone: '+1 (312) 555-0177' }, {}],
  ])('%j → %j: the required order first, optional fields after, one at a time', (values, expected) => {
    expect(check({ ...EMPTY_NEW_MEMBER, ...values })).toEqual(expected);
  });
});

describe('updateMemberBodyFrom', () => {
  it('sends only what changed', () => {
    const member = user();
    expect(updateMemberBodyFrom(member, editValuesFrom(member))).toEqual({});
    expect(updateMemberBodyFrom(member, { ...editValuesFrom(member), jobTitle: ' Lead Analyst ' })).toEqual({
      jobTitle: 'Lead Analyst',
    });
    expect(updateMemberBodyFrom(member, { ...editValuesFrom(member), departmentId: null, role: 'org_admin' })).toEqual({
      departmentId: null,
      role: 'org_admin',
    });
  });

  it('never offers a role change for roles outside user and organization admin', () => {
    expect(editValuesFrom(user({}, 'advisor')).role).toBeNull();
    expect(editValuesFrom(user({}, 'org_admin')).role).toBe('org_admin');
  });
});
