import type { Advisor, AdvisorAssignment, AdvisorMeeting, Organization } from '@smart/contracts';
import { describe, expect, it } from 'vitest';
import {
  advisorName,
  formatAdvisorDate,
  isExcludedFromAssignment,
  nextMeetingByOrganization,
  nextMeetingLabel,
  peopleLabel,
} from './advisor-labels';

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
  it("leaves out the organization named 'smart' in any case", () => {
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
  it("dates read as short month, day and year in en-US, whatever the browser's locale", () => {
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

describe('the next session of each organization (My Organizations cards)', () => {
  const meeting = (id: string, organizationId: string, start: string) =>
    ({ id, organizationId, start, topic: `Topic ${id}` }) as AdvisorMeeting;

  it('is the first of each organization in a soonest-first list, written in the viewer’s zone', () => {
    const next = nextMeetingByOrganization([
      meeting('a', 'acme', '2026-03-10T13:00:00Z'),
      meeting('b', 'initech', '2026-03-11T13:00:00Z'),
      meeting('c', 'acme', '2026-03-12T13:00:00Z'),
    ]);
    expect([...next].map(([organizationId, found]) => [organizationId, found.id])).toEqual([
      ['acme', 'a'],
      ['initech', 'b'],
    ]);
    expect(nextMeetingLabel(meeting('a', 'acme', '2026-03-10T13:00:00Z'), 'America/New_York')).toBe(
      'Tue, Mar 10, 2026, 9:00 AM EDT · Topic a',
    );
  });
});
