import {
  type AdvisorMeeting,
  type CancelMeetingBody,
  type CreateMeetingBody,
  schedulingEndpoints as endpoints,
  type MeetingListQuery,
  UI_TEXT,
  type UpdateAvailabilityBody,
  type UpdateMeetingBody,
} from '@smart/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, urlOf } from '@/lib/api-client';

/**
 * Scheduling with an advisor: an advisor's availability and free slots, the meetings
 * the caller sees, and its calendar feed. Every page of the domain (Schedule, Meetings, the Book a
 * meeting dialog, the My Organizations cards) reads through these hooks.
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
  /** Rescheduling: the session being moved (it does not count against the advisor's limits). */
  moving?: string;
}

// ---- requests -------------------------------------------------------------------------------

const getAvailability = (advisorId: AdvisorRef) =>
  api(endpoints.getAvailability, { params: { advisorId } }, { failMessage: UI_TEXT.fetchAvailabilityFailed });

const saveAvailability = (advisorId: AdvisorRef, body: UpdateAvailabilityBody) =>
  api(endpoints.updateAvailability, { params: { advisorId }, body }, { failMessage: UI_TEXT.saveAvailabilityFailed });

const getSlots = ({ advisorId, from, to, length, moving }: SlotWindow) =>
  api(
    endpoints.slots,
    { params: { advisorId }, query: { from, to, length, moving } },
    { failMessage: UI_TEXT.fetchSlotsFailed },
  );

const getMeetings = (query: MeetingListQuery) =>
  api(endpoints.listMeetings, { query }, { failMessage: UI_TEXT.fetchMeetingsFailed });

const getMeeting = (meetingId: string) =>
  api(endpoints.getMeeting, { params: { id: meetingId } }, { failMessage: UI_TEXT.fetchMeetingFailed });

const bookMeeting = (body: CreateMeetingBody) =>
  api(endpoints.createMeeting, { body }, { failMessage: UI_TEXT.bookMeetingFailed });

const updateMeeting = (meetingId: string, body: UpdateMeetingBody) =>
  api(endpoints.updateMeeting, { params: { id: meetingId }, body }, { failMessage: UI_TEXT.updateMeetingFailed });

const cancelMeeting = (meetingId: string, body: CancelMeetingBody) =>
  api(endpoints.cancelMeeting, { params: { id: meetingId }, body }, { failMessage: UI_TEXT.cancelMeetingFailed });

const getCalendarFeed = () => api(endpoints.getCalendarFeed, {}, { failMessage: UI_TEXT.fetchCalendarFeedFailed });

const createCalendarFeed = () =>
  api(endpoints.createCalendarFeed, {}, { failMessage: UI_TEXT.createCalendarFeedFailed });

/** "Add to calendar": the meeting's .ics, downloaded with the session's token (DownloadButton). */
export const meetingCalendarUrl = (meetingId: string) =>
  urlOf(endpoints.meetingCalendar, { params: { id: meetingId } });

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
  meetings: () => [...schedulingQueries.all(), 'meetings'] as const,
  meetingList: (query: MeetingListQuery) =>
    queryOptions({ queryKey: [...schedulingQueries.meetings(), 'list', query], queryFn: () => getMeetings(query) }),
  meeting: (meetingId: string) =>
    queryOptions({
      queryKey: [...schedulingQueries.meetings(), 'detail', meetingId],
      queryFn: () => getMeeting(meetingId),
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

export function useMeetings(query: MeetingListQuery) {
  return useQuery({ ...schedulingQueries.meetingList(query), placeholderData: keepPreviousData });
}

export function useMeeting(meetingId: string | null) {
  return useQuery({ ...schedulingQueries.meeting(meetingId ?? ''), enabled: meetingId !== null });
}

export function useCalendarFeed() {
  return useQuery(schedulingQueries.feed());
}

/**
 * The queries a meeting's change can move: every meeting list and free-slot list (with `details`,
 * each meeting's own query too: a live event does not say what changed).
 */
export function movedByMeeting(queryKey: readonly unknown[], details: boolean): boolean {
  if (queryKey[0] !== schedulingQueries.all()[0]) return false;
  if (queryKey[1] === 'slots') return true;
  return queryKey[1] === 'meetings' && (details || queryKey[2] === 'list');
}

// ---- mutations ------------------------------------------------------------------------------

/**
 * A meeting's change moves the lists it is in and the free slots of its advisor: both are
 * refetched; the answered meeting is put in place at once.
 */
function useMeetingChanged() {
  const queryClient = useQueryClient();
  return (meeting: AdvisorMeeting) => {
    queryClient.setQueryData(schedulingQueries.meeting(meeting.id).queryKey, meeting);
    return queryClient.invalidateQueries({
      predicate: ({ queryKey }) =>
        queryKey[0] === 'scheduling' &&
        (queryKey[1] === 'slots' || (queryKey[1] === 'meetings' && queryKey[2] === 'list')),
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

export function useBookMeeting() {
  const changed = useMeetingChanged();
  return useMutation({ mutationFn: bookMeeting, onSuccess: changed });
}

export function useUpdateMeeting(meetingId: string) {
  const changed = useMeetingChanged();
  return useMutation({ mutationFn: (body: UpdateMeetingBody) => updateMeeting(meetingId, body), onSuccess: changed });
}

export function useCancelMeeting(meetingId: string) {
  const changed = useMeetingChanged();
  return useMutation({ mutationFn: (body: CancelMeetingBody) => cancelMeeting(meetingId, body), onSuccess: changed });
}

export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCalendarFeed,
    onSuccess: (feed) => queryClient.setQueryData(schedulingQueries.feed().queryKey, feed),
  });
}
