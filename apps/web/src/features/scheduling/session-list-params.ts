import { SESSION_PAGE_SIZE, type SessionListQuery } from '@smart/contracts';

/** The Sessions page's tabs: upcoming soonest first, past latest first. */
export type SessionTab = 'upcoming' | 'past';

/** What the Sessions page's address holds: the tab, the page, and the session open in the drawer (also the Schedule's). */
export interface SessionListView {
  tab: SessionTab;
  page: number;
  sessionId: string | null;
}

export function readSessionListView(params: URLSearchParams): SessionListView {
  const page = Number(params.get('page'));
  return {
    tab: params.get('tab') === 'past' ? 'past' : 'upcoming',
    page: Number.isInteger(page) && page > 1 ? page : 1,
    sessionId: params.get('session') || null,
  };
}

/** The address with one part changed; a new tab starts at its first page. */
export function withSessionListView(params: URLSearchParams, change: Partial<SessionListView>): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (name: string, value: string | null) => (value ? next.set(name, value) : next.delete(name));
  if (change.tab !== undefined) {
    set('tab', change.tab === 'past' ? 'past' : null);
    next.delete('page');
  }
  if (change.page !== undefined) set('page', change.page > 1 ? String(change.page) : null);
  if (change.sessionId !== undefined) set('session', change.sessionId);
  return next;
}

/** The list request of a tab: sessions starting from `now` on, or before it, a page at a time. */
export function sessionListQueryFor(view: SessionListView, now: string): SessionListQuery {
  const common = { page: view.page, limit: SESSION_PAGE_SIZE };
  return view.tab === 'past' ? { ...common, to: now, sort: '-start' } : { ...common, from: now, sort: 'start' };
}
