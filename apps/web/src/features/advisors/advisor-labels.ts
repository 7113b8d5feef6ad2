import {
  type Advisor,
  type AdvisorSession,
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

/** The first of each organization's sessions in a list sorted soonest first, by organization id. */
export function nextSessionByOrganization(sessions: readonly AdvisorSession[]): Map<string, AdvisorSession> {
  const next = new Map<string, AdvisorSession>();
  for (const session of sessions) if (!next.has(session.organizationId)) next.set(session.organizationId, session);
  return next;
}

/** "Tue, Mar 10, 2026, 9:00 AM EDT · Quarterly review": when a session starts in the viewer's zone, and its topic. */
export const nextSessionLabel = (session: Pick<AdvisorSession, 'start' | 'topic'>, timeZone: string) =>
  `${formatSlotTime(session.start, timeZone, { zoneName: 'short' })} · ${session.topic}`;
