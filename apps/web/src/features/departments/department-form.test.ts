import { createDepartmentBody as createSchema, UI_TEXT, updateDepartmentBody } from '@smart/contracts';
import { describe, expect, it } from 'vitest';
import { validateWith } from '@/lib/forms';
import { createDepartmentBody, departmentBody, departmentSummary, EMPTY_DEPARTMENT_FORM } from './department-form';

const validateCreate = validateWith(createSchema, {
  input: createDepartmentBody,
  fields: { 'settings.icon': 'emoji' },
});

describe('department form', () => {
  it('trims name and description, and sends the organization only when one was picked', () => {
    expect(createDepartmentBody({ ...EMPTY_DEPARTMENT_FORM, name: '  Legal ', description: ' Contracts  ' })).toEqual({
      name: 'Legal',
      description: 'Contracts',
      settings: { icon: 'HiUserGroup' },
    });
    expect(createDepartmentBody({ ...EMPTY_DEPARTMENT_FORM, name: 'Legal', organizationId: 'org-1' })).toMatchObject({
      organizationId: 'org-1',
    });
  });

  it('prefers a typed emoji over the picked icon; the schema refuses anything but one emoji, under the emoji field', () => {
    const values = { ...EMPTY_DEPARTMENT_FORM, name: 'Legal', icon: 'HiCode' };
    expect(departmentBody(values, false).settings).toEqual({ icon: 'HiCode' });
    expect(departmentBody({ ...values, emoji: ' 🏭 ' }, false).settings).toEqual({ icon: '🏭' });
    expect(validateCreate({ ...values, emoji: '🏭' })).toEqual({});
    expect(validateCreate({ ...values, emoji: 'ab' })).toEqual({ emoji: UI_TEXT.departmentIconInvalid });
    expect(validateCreate({ ...values, emoji: '🏭🏭' })).toEqual({ emoji: UI_TEXT.departmentIconInvalid });
  });

  it('reports a blank name and a bad emoji at once', () => {
    expect(validateCreate({ ...EMPTY_DEPARTMENT_FORM, name: '  ', emoji: 'x' })).toEqual({
      name: UI_TEXT.departmentNameRequired,
      emoji: UI_TEXT.departmentIconInvalid,
    });
  });

  it('sends the manager only from the modal that shows it, null meaning none', () => {
    const values = { ...EMPTY_DEPARTMENT_FORM, name: 'Legal' };
    expect(departmentBody(values, false)).not.toHaveProperty('manager');
    expect(departmentBody(values, true)).toMatchObject({ manager: null });
    expect(updateDepartmentBody.safeParse(departmentBody({ ...values, managerId: 'not-an-id' }, true)).success).toBe(
      false,
    );
  });

  it('words the card line in singular and plural', () => {
    expect(departmentSummary({ teamCount: 1, memberCount: 1 })).toBe('1 team and 1 team member');
    expect(departmentSummary({ teamCount: 0, memberCount: 5 })).toBe('0 teams and 5 team members');
  });
});
