import {
  type Advisor,
  type AdvisorMeeting,
  formatSlotTime,
  type Organization,
  PLATFORM_ORGANIZATION_NAME,
  UI_TEXT,
} from '@smart/contracts';

/** The name on an advisor's card and dialogs; 'Unknown User' without one. */
export function advisorName(advisor: Pick<Advisor, 'firstName' | 'lastName'>): string {
  return `${advisor.firstName} ${advisor.lastName}`.trim() || UI_TEXT.unknownUser;
}

/** Dates on the advisor pages: short month, day and year in en-US, e.g. 'Mar 4, 2025'. */
const ADVISOR_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

export function formatAdvisorDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : ADVISOR_DATE.format(date);
}

export const activeLabel = (isActive: boolean) => (isActive ? 'Active' : 'Inactive');

/**
 * Organizations the Assign to Org dialog leaves out: the one named 'smart' in any case (the
 * platform's own), closed ones and those the advisor is already active in, which
 * the server would refuse (409). An inactive assignment is offered: assigning reactivates it.
 */
export function isExcludedFromAssignment(organization: Organization, advisor: Advisor): boolean {
  return (
    organization.name.toLowerCase() === PLATFORM_ORGANIZATION_NAME.toLowerCase() ||
    organization.closedAt !== null ||
    advisor.assignments.some((assignment) => assignment.isActive && assignment.organizationId === organization.id)
  );
}

/** An organization's active people, on the advisor's card: '1 person', '12 people'. */
export const peopleLabel = (count: number) => `${count} ${count === 1 ? 'person' : 'people'}`;

/** The first of each organization's meetings in a list sorted soonest first, by organization id. */
export function nextMeetingByOrganization(meetings: readonly AdvisorMeeting[]): Map<string, AdvisorMeeting> {
  const next = new Map<string, AdvisorMeeting>();
  for (const meeting of meetings) if (!next.has(meeting.organizationId)) next.set(meeting.organizationId, meeting);
  return next;
}

/** "Tue, Mar 10, 2026, 9:00 AM EDT · Quarterly review": when a meeting starts in the viewer's zone, and its topic. */
export const nextMeetingLabel = (meeting: Pick<AdvisorMeeting, 'start' | 'topic'>, timeZone: string) =>
  `${formatSlotTime(meeting.start, timeZone, { zoneName: 'short' })} · ${meeting.topic}`;
