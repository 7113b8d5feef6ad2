import {
  type AdvisorSession,
  type CancelSessionBody,
  type CreateSessionBody,
  schedulingEndpoints as endpoints,
  type SessionListQuery,
  UI_TEXT,
  type UpdateAvailabilityBody,
  type UpdateSessionBody,
} from '@smart/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, urlOf } from '@/lib/api-client';

/**
 * Scheduling with an advisor: an advisor's availability and free slots, the sessions
 * the caller sees, and its calendar feed. Every page of the domain (Schedule, Sessions, the Book a
 * session dialog, the My Organizations cards) reads through these hooks.
 */

/** An advisor by id, or 'me' for the signed-in advisor. */
export type AdvisorRef = string;

export interface SlotWindow {
  advisorId: string;
  /** UTC instants, at most MAX_SLOT_RANGE_DAYS apart. */
  from: string;
  to: string;
  /** Left out: the advisor's shortest offered length (the answer lists those it offers). */
  length?: number;
}

// ---- requests -------------------------------------------------------------------------------

const getAvailability = (advisorId: AdvisorRef) =>
  api(endpoints.getAvailability, { params: { advisorId } }, { failMessage: UI_TEXT.fetchAvailabilityFailed });

const saveAvailability = (advisorId: AdvisorRef, body: UpdateAvailabilityBody) =>
  api(endpoints.updateAvailability, { params: { advisorId }, body }, { failMessage: UI_TEXT.saveAvailabilityFailed });

const getSlots = ({ advisorId, from, to, length }: SlotWindow) =>
  api(
    endpoints.slots,
    { params: { advisorId }, query: { from, to, length } },
    { failMessage: UI_TEXT.fetchSlotsFailed },
  );

const getSessions = (query: SessionListQuery) =>
  api(endpoints.listSessions, { query }, { failMessage: UI_TEXT.fetchSessionsFailed });

const getSession = (sessionId: string) =>
  api(endpoints.getSession, { params: { id: sessionId } }, { failMessage: UI_TEXT.fetchSessionFailed });

const bookSession = (body: CreateSessionBody) =>
  api(endpoints.createSession, { body }, { failMessage: UI_TEXT.bookSessionFailed });

const updateSession = (sessionId: string, body: UpdateSessionBody) =>
  api(endpoints.updateSession, { params: { id: sessionId }, body }, { failMessage: UI_TEXT.updateSessionFailed });

const cancelSession = (sessionId: string, body: CancelSessionBody) =>
  api(endpoints.cancelSession, { params: { id: sessionId }, body }, { failMessage: UI_TEXT.cancelSessionFailed });

const getCalendarFeed = () => api(endpoints.getCalendarFeed, {}, { failMessage: UI_TEXT.fetchCalendarFeedFailed });

const createCalendarFeed = () =>
  api(endpoints.createCalendarFeed, {}, { failMessage: UI_TEXT.createCalendarFeedFailed });

/** "Add to calendar": the session's .ics, downloaded with the session's token (DownloadButton). */
export const sessionCalendarUrl = (sessionId: string) =>
  urlOf(endpoints.sessionCalendar, { params: { id: sessionId } });

// ---- queries --------------------------------------------------------------------------------

export const schedulingQueries = {
  all: () => ['scheduling'] as const,
  availability: (advisorId: AdvisorRef) =>
    queryOptions({
      queryKey: [...schedulingQueries.all(), 'availability', advisorId],
      queryFn: () => getAvailability(advisorId),
    }),
  slots: (window: SlotWindow) =>
    queryOptions({ queryKey: [...schedulingQueries.all(), 'slots', window], queryFn: () => getSlots(window) }),
  sessions: () => [...schedulingQueries.all(), 'sessions'] as const,
  sessionList: (query: SessionListQuery) =>
    queryOptions({ queryKey: [...schedulingQueries.sessions(), 'list', query], queryFn: () => getSessions(query) }),
  session: (sessionId: string) =>
    queryOptions({
      queryKey: [...schedulingQueries.sessions(), 'detail', sessionId],
      queryFn: () => getSession(sessionId),
    }),
  feed: () => queryOptions({ queryKey: [...schedulingQueries.all(), 'feed'], queryFn: getCalendarFeed }),
};

export function useAvailability(advisorId: AdvisorRef) {
  return useQuery(schedulingQueries.availability(advisorId));
}

/** Free starts of one length in a window; the previous window stays on screen while the next loads. */
export function useSlots(window: SlotWindow | null) {
  return useQuery({
    ...schedulingQueries.slots(window ?? { advisorId: '', from: '', to: '' }),
    enabled: window !== null,
    placeholderData: keepPreviousData,
  });
}

export function useSessions(query: SessionListQuery) {
  return useQuery({ ...schedulingQueries.sessionList(query), placeholderData: keepPreviousData });
}

export function useSession(sessionId: string | null) {
  return useQuery({ ...schedulingQueries.session(sessionId ?? ''), enabled: sessionId !== null });
}

export function useCalendarFeed() {
  return useQuery(schedulingQueries.feed());
}

/**
 * The queries a session's change can move: every session list and free-slot list (with `details`,
 * each session's own query too: a live event does not say what changed).
 */
export function movedBySession(queryKey: readonly unknown[], details: boolean): boolean {
  if (queryKey[0] !== schedulingQueries.all()[0]) return false;
  if (queryKey[1] === 'slots') return true;
  return queryKey[1] === 'sessions' && (details || queryKey[2] === 'list');
}

// ---- mutations ------------------------------------------------------------------------------

/**
 * A session's change moves the lists it is in and the free slots of its advisor: both are
 * refetched; the answered session is put in place at once.
 */
function useSessionChanged() {
  const queryClient = useQueryClient();
  return (session: AdvisorSession) => {
    queryClient.setQueryData(schedulingQueries.session(session.id).queryKey, session);
    return queryClient.invalidateQueries({
      predicate: ({ queryKey }) =>
        queryKey[0] === 'scheduling' &&
        (queryKey[1] === 'slots' || (queryKey[1] === 'sessions' && queryKey[2] === 'list')),
    });
  };
}

export function useSaveAvailability(advisorId: AdvisorRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAvailabilityBody) => saveAvailability(advisorId, body),
    onSuccess: (availability) => {
      queryClient.setQueryData(schedulingQueries.availability(advisorId).queryKey, availability);
      return queryClient.invalidateQueries({ queryKey: [...schedulingQueries.all(), 'slots'] });
    },
  });
}

export function useBookSession() {
  const changed = useSessionChanged();
  return useMutation({ mutationFn: bookSession, onSuccess: changed });
}

export function useUpdateSession(sessionId: string) {
  const changed = useSessionChanged();
  return useMutation({ mutationFn: (body: UpdateSessionBody) => updateSession(sessionId, body), onSuccess: changed });
}

export function useCancelSession(sessionId: string) {
  const changed = useSessionChanged();
  return useMutation({ mutationFn: (body: CancelSessionBody) => cancelSession(sessionId, body), onSuccess: changed });
}

export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCalendarFeed,
    onSuccess: (feed) => queryClient.setQueryData(schedulingQueries.feed().queryKey, feed),
  });
}
