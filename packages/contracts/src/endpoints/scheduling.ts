import { endpoint } from '../endpoint.js';
import { envelope, errorResponse, idParams } from '../schemas/common.js';
import {
  advisorParams,
  advisorSlotsSchema,
  availabilitySchema,
  calendarFeedParams,
  calendarFeedSchema,
  cancelMeetingBody,
  createMeetingBody,
  meetingEnvelope,
  meetingListQuery,
  meetingPage,
  slotsQuery,
  updateAvailabilityBody,
  updateMeetingBody,
} from '../schemas/scheduling.js';

const tags = ['Scheduling'];

/**
 * Scheduling with an advisor: its availability and free slots, the meetings booked with
 * it, their invitations (.ics) and each person's calendar feed.
 */
export const schedulingEndpoints = {
  getAvailability: endpoint({
    method: 'GET',
    path: '/api/advisors/:advisorId/availability',
    operationId: 'getAdvisorAvailability',
    scope: 'sessions:read',
    tags,
    summary:
      "An advisor's availability, or the defaults until one is saved (the advisor itself, admin; `me`: the caller)",
    params: advisorParams,
    responses: { 200: envelope(availabilitySchema), 403: errorResponse, 404: errorResponse },
  }),
  updateAvailability: endpoint({
    method: 'PUT',
    path: '/api/advisors/:advisorId/availability',
    operationId: 'updateAdvisorAvailability',
    scope: 'sessions:write',
    tags,
    summary: "Replace an advisor's availability (the advisor itself, admin; `me`: the caller)",
    params: advisorParams,
    body: updateAvailabilityBody,
    responses: { 200: envelope(availabilitySchema), 400: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
  slots: endpoint({
    method: 'GET',
    path: '/api/advisors/:advisorId/slots',
    operationId: 'listAdvisorSlots',
    scope: 'sessions:read',
    tags,
    summary:
      "An advisor's free session starts between two UTC instants (the advisor, admin, people of an organization it actively advises)",
    params: advisorParams,
    query: slotsQuery,
    responses: { 200: envelope(advisorSlotsSchema), 400: errorResponse, 404: errorResponse },
  }),
  createMeeting: endpoint({
    method: 'POST',
    path: '/api/sessions',
    operationId: 'bookSession',
    scope: 'sessions:write',
    tags,
    summary:
      'Book a session with an advisor (people of an organization it actively advises; the advisor for one of its organizations); 409 when the time was just taken',
    body: createMeetingBody,
    responses: { 201: meetingEnvelope, 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse },
  }),
  listMeetings: endpoint({
    method: 'GET',
    path: '/api/sessions',
    operationId: 'listSessions',
    scope: 'sessions:read',
    tags,
    summary:
      'Sessions the caller sees (org_admin: its organization; member: booked or attending; advisor: its own; admin: all), by start',
    query: meetingListQuery,
    responses: { 200: meetingPage, 400: errorResponse },
  }),
  getMeeting: endpoint({
    method: 'GET',
    path: '/api/sessions/:id',
    operationId: 'getSession',
    scope: 'sessions:read',
    tags,
    summary: 'One session the caller sees',
    params: idParams,
    responses: { 200: meetingEnvelope, 404: errorResponse },
  }),
  updateMeeting: endpoint({
    method: 'PATCH',
    path: '/api/sessions/:id',
    operationId: 'updateSession',
    scope: 'sessions:write',
    tags,
    summary:
      'Reschedule a session or change its topic, agenda or attendees (its booker, its advisor, the org_admin); the invitation keeps its UID',
    params: idParams,
    body: updateMeetingBody,
    responses: { 200: meetingEnvelope, 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse },
  }),
  cancelMeeting: endpoint({
    method: 'POST',
    path: '/api/sessions/:id/cancel',
    operationId: 'cancelSession',
    scope: 'sessions:write',
    tags,
    summary: 'Cancel a session with a reason (its booker, its advisor, the org_admin); the record is kept',
    params: idParams,
    body: cancelMeetingBody,
    responses: { 200: meetingEnvelope, 400: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
  meetingCalendar: endpoint({
    method: 'GET',
    path: '/api/sessions/:id/ics',
    operationId: 'downloadSessionCalendar',
    scope: 'sessions:read',
    tags,
    summary: 'The session as an iCalendar file (text/calendar), for "Add to calendar"',
    params: idParams,
    responses: { 404: errorResponse },
  }),
  getCalendarFeed: endpoint({
    method: 'GET',
    path: '/api/calendar/feed-token',
    operationId: 'getCalendarFeed',
    scope: 'never',
    tags,
    summary: "The caller's calendar feed URL, or null until one is made",
    responses: { 200: envelope(calendarFeedSchema) },
  }),
  createCalendarFeed: endpoint({
    method: 'POST',
    path: '/api/calendar/feed-token',
    operationId: 'createCalendarFeed',
    scope: 'never',
    tags,
    summary: "A new secret calendar feed URL for the caller's sessions; the previous one stops working",
    responses: { 201: envelope(calendarFeedSchema) },
  }),
  calendarFeed: endpoint({
    method: 'GET',
    path: '/api/calendar/:file',
    operationId: 'readCalendarFeed',
    tags,
    summary:
      "A person's sessions as an iCalendar feed (text/calendar) at `/api/calendar/{token}.ics`, without a session: the secret token is the key",
    params: calendarFeedParams,
    responses: { 404: errorResponse },
    public: true,
  }),
};
