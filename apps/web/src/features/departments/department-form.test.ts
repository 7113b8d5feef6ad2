import { describe, expect, it } from 'vitest';
import {
  chosenIcon,
  createDepartmentBody,
  departmentBody,
  departmentSummary,
  EMPTY_DEPARTMENT_FORM,
} from './department-form';

describe('department form', () => {
  it('sends nothing for a blank name, and trims name and description', () => {
    expect(createDepartmentBody({ ...EMPTY_DEPARTMENT_FORM, name: '   ' })).toBeNull();
    expect(createDepartmentBody({ ...EMPTY_DEPARTMENT_FORM, name: '  Legal ', description: ' Contracts  ' })).toEqual({
      name: 'Legal',
      description: 'Contracts',
      settings: { icon: 'HiUserGroup' },
    });
  });

  it('prefers a typed emoji over the picked icon, and refuses anything but one emoji', () => {
    expect(chosenIcon({ icon: 'HiCode', emoji: '' })).toBe('HiCode');
    expect(chosenIcon({ icon: 'HiCode', emoji: ' 🏭 ' })).toBe('🏭');
    expect(chosenIcon({ icon: 'HiCode', emoji: 'ab' })).toBeNull();
    expect(chosenIcon({ icon: 'HiCode', emoji: '🏭🏭' })).toBeNull();
    expect(departmentBody({ ...EMPTY_DEPARTMENT_FORM, name: 'Legal', emoji: 'x' }, false)).toBeNull();
  });

  it('sends the manager only from the modal that shows it, empty meaning none', () => {
    const values = { ...EMPTY_DEPARTMENT_FORM, name: 'Legal' };
    expect(departmentBody(values, false)).not.toHaveProperty('manager');
    expect(departmentBody(values, true)).toMatchObject({ manager: null });
    expect(departmentBody({ ...values, managerId: 'u1' }, true)).toMatchObject({ manager: 'u1' });
  });

  it('words the card line in singular and plural', () => {
    expect(departmentSummary({ teamCount: 1, memberCount: 1 })).toBe('1 team and 1 team member');
    expect(departmentSummary({ teamCount: 0, memberCount: 5 })).toBe('0 teams and 5 team members');
  });
});
