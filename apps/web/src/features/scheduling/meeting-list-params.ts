import { MEETING_PAGE_SIZE, type MeetingListQuery } from '@smart/contracts';

/** The Sessions page's tabs: upcoming soonest first, past latest first. */
export type MeetingTab = 'upcoming' | 'past';

/** What the Sessions page's address holds: the tab, the page, and the meeting open in the drawer (also the Schedule's). */
export interface MeetingListView {
  tab: MeetingTab;
  page: number;
  meetingId: string | null;
}

export function readMeetingListView(params: URLSearchParams): MeetingListView {
  const page = Number(params.get('page'));
  return {
    tab: params.get('tab') === 'past' ? 'past' : 'upcoming',
    page: Number.isInteger(page) && page > 1 ? page : 1,
    meetingId: params.get('session') || null,
  };
}

/** The address with one part changed; a new tab starts at its first page. */
export function withMeetingListView(params: URLSearchParams, change: Partial<MeetingListView>): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (name: string, value: string | null) => (value ? next.set(name, value) : next.delete(name));
  if (change.tab !== undefined) {
    set('tab', change.tab === 'past' ? 'past' : null);
    next.delete('page');
  }
  if (change.page !== undefined) set('page', change.page > 1 ? String(change.page) : null);
  if (change.meetingId !== undefined) set('session', change.meetingId);
  return next;
}

/** The list request of a tab: meetings starting from `now` on, or before it, a page at a time. */
export function meetingListQueryFor(view: MeetingListView, now: string): MeetingListQuery {
  const common = { page: view.page, limit: MEETING_PAGE_SIZE };
  return view.tab === 'past' ? { ...common, to: now, sort: '-start' } : { ...common, from: now, sort: 'start' };
}
