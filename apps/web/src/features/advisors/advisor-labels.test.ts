import type { Advisor, AdvisorAssignment, Organization } from '@smart/contracts';
import { describe, expect, it } from 'vitest';
import { advisorName, formatAdvisorDate, isExcludedFromAssignment, peopleLabel } from './advisor-labels';

const organization = (name: string, overrides: Partial<Organization> = {}) =>
  ({ id: `org-${name}`, name, closedAt: null, ...overrides }) as Organization;

const assignment = (organizationId: string, isActive: boolean) =>
  ({
    organizationId,
    organizationName: organizationId,
    assignedAt: '2025-03-04T10:00:00.000Z',
    isActive,
  }) as AdvisorAssignment;

const advisor = (assignments: AdvisorAssignment[] = []) =>
  ({ firstName: 'Sofia', lastName: 'Reyes', assignments }) as Advisor;

describe('isExcludedFromAssignment (the Assign to Org options)', () => {
  it("leaves out the organization named 'smart' in any case (spec section 9)", () => {
    for (const name of ['SMART', 'smart', 'Smart']) {
      expect(isExcludedFromAssignment(organization(name), advisor())).toBe(true);
    }
    expect(isExcludedFromAssignment(organization('Smartly'), advisor())).toBe(false);
  });

  it('leaves out closed organizations and those the advisor is active in, offers an inactive assignment again', () => {
    expect(isExcludedFromAssignment(organization('Initech', { closedAt: '2025-01-01' }), advisor())).toBe(true);
    expect(isExcludedFromAssignment(organization('Acme'), advisor([assignment('org-Acme', true)]))).toBe(true);
    expect(isExcludedFromAssignment(organization('Acme'), advisor([assignment('org-Acme', false)]))).toBe(false);
    expect(isExcludedFromAssignment(organization('Acme'), advisor([assignment('org-Globex', true)]))).toBe(false);
  });
});

describe('advisor page labels', () => {
  it("dates read as short month, day and year in en-US (spec section 9), whatever the browser's locale", () => {
    expect(formatAdvisorDate('2025-03-04T10:00:00.000Z')).toBe('Mar 4, 2025');
    expect(formatAdvisorDate('not a date')).toBe('');
  });

  it("names an advisor by first and last name, 'Unknown User' without one", () => {
    expect(advisorName({ firstName: 'Sofia', lastName: 'Reyes' })).toBe('Sofia Reyes');
    expect(advisorName({ firstName: ' ', lastName: '' })).toBe('Unknown User');
  });

  it('counts people in the singular and the plural', () => {
    expect(peopleLabel(1)).toBe('1 person');
    expect(peopleLabel(0)).toBe('0 people');
    expect(peopleLabel(13)).toBe('13 people');
  });
});
