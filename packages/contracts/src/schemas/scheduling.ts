import { z } from 'zod';
import {
  CALENDAR_FEED_TOKEN_LENGTH,
  CLOCK_TIME_PATTERN,
  intervalsOverlap,
  isCalendarDate,
  MAX_BUFFER_MINUTES,
  MAX_CANCEL_CUTOFF_MINUTES,
  MAX_CANCEL_REASON_LENGTH,
  MAX_DATE_OVERRIDES,
  MAX_HORIZON_DAYS,
  MAX_INTERVALS_PER_DAY,
  MAX_MEETING_AGENDA_LENGTH,
  MAX_MEETING_ATTENDEES,
  MAX_MEETING_PAGE_SIZE,
  MAX_MEETING_TOPIC_LENGTH,
  MAX_MINIMUM_NOTICE_MINUTES,
  MAX_RESCHEDULES_LIMIT,
  MAX_SESSIONS_PER_DAY,
  MAX_SESSIONS_PER_WEEK,
  MAX_SLOT_RANGE_DAYS,
  MEETING_LENGTHS,
  MEETING_PAGE_SIZE,
  MEETING_SORTS,
  MEETING_STATUSES,
  WEEKDAYS,
  type Weekday,
} from '../scheduling.js';
import { UI_TEXT } from '../ui-text.js';
import {
  boundedString,
  envelope,
  idSchema,
  instantText,
  pagedEnvelope,
  permissionsSchema,
  requiredLine,
} from './common.js';
import { timeZoneSchema } from './notifications.js';
import { awayNoticeSchema } from './time-away.js';

/** Scheduling with an advisor: availability, free slots, meetings and the calendar feed. */

/**
 * A check across fields or items runs only on input whose parts all passed: zod 4 runs refinements
 * after issues that do not abort, and a check reading a malformed item would throw (a 500).
 */
const whenValid = { when: (payload: z.core.ParsePayload) => payload.issues.length === 0 };

const clockTime = boundedString(5).regex(CLOCK_TIME_PATTERN, UI_TEXT.availabilityInvalidTime);

export const availabilityIntervalSchema = z
  .object({ start: clockTime, end: clockTime })
  .strict()
  .refine((interval) => interval.start < interval.end, { message: UI_TEXT.availabilityIntervalOrder, ...whenValid });

/** One day's intervals: a few, none overlapping. */
const dayIntervals = z
  .array(availabilityIntervalSchema)
  .max(MAX_INTERVALS_PER_DAY, UI_TEXT.tooManyIntervals)
  .refine((intervals) => !intervalsOverlap(intervals), {
    message: UI_TEXT.availabilityIntervalsOverlap,
    ...whenValid,
  });

export const weeklyHoursSchema = z
  .object(Object.fromEntries(WEEKDAYS.map((day) => [day, dayIntervals])) as Record<Weekday, typeof dayIntervals>)
  .strict();

/** Other hours on one date, in place of its weekday's; no intervals is a day off. */
export const dateOverrideSchema = z
  .object({
    date: boundedString(10).refine(isCalendarDate, UI_TEXT.availabilityInvalidDate),
    intervals: dayIntervals,
  })
  .strict();

const meetingLength = z
  .number()
  .int()
  .refine((length) => (MEETING_LENGTHS as readonly number[]).includes(length), UI_TEXT.meetingLengthNotAllowed);

const availabilityFields = {
  timeZone: timeZoneSchema,
  weeklyHours: weeklyHoursSchema,
  dateOverrides: z
    .array(dateOverrideSchema)
    .max(MAX_DATE_OVERRIDES, UI_TEXT.tooManyDateOverrides)
    .refine((overrides) => new Set(overrides.map((override) => override.date)).size === overrides.length, {
      message: UI_TEXT.availabilityDuplicateDate,
      ...whenValid,
    }),
  sessionLengths: z
    .array(meetingLength)
    .min(1)
    .max(MEETING_LENGTHS.length)
    .refine((lengths) => new Set(lengths).size === lengths.length, {
      message: UI_TEXT.meetingLengthsDuplicate,
      ...whenValid,
    }),
  bufferMinutes: z.number().int().min(0).max(MAX_BUFFER_MINUTES),
  minimumNoticeMinutes: z.number().int().min(0).max(MAX_MINIMUM_NOTICE_MINUTES),
  horizonDays: z.number().int().min(1).max(MAX_HORIZON_DAYS),
  /** Booking rules; left out: none (no limits, no cut-off). */
  maxSessionsPerDay: z.number().int().min(1).max(MAX_SESSIONS_PER_DAY).nullable().default(null),
  maxSessionsPerWeek: z.number().int().min(1).max(MAX_SESSIONS_PER_WEEK).nullable().default(null),
  cancelCutoffMinutes: z.number().int().min(0).max(MAX_CANCEL_CUTOFF_MINUTES).default(0),
  maxReschedules: z.number().int().min(0).max(MAX_RESCHEDULES_LIMIT).nullable().default(null),
};

/** PUT /api/advisors/{advisorId}/availability: the whole availability, replacing the stored one. */
export const updateAvailabilityBody = z.object(availabilityFields).strict();
export type UpdateAvailabilityBody = z.input<typeof updateAvailabilityBody>;
export type AdvisorAvailabilitySettings = z.output<typeof updateAvailabilityBody>;

/** An advisor's availability; the defaults until it (or an admin) first saves one (`updatedAt` null). */
export const availabilitySchema = z.object({
  advisorId: z.string(),
  ...availabilityFields,
  updatedAt: z.string().nullable(),
  permissions: permissionsSchema('canEdit'),
});
export type AdvisorAvailability = z.infer<typeof availabilitySchema>;

/** An advisor by id, or `me` for the caller. */
export const advisorParams = z.object({ advisorId: z.union([z.literal('me'), idSchema]) });

/** An instant with its offset ("2026-03-09T13:00:00Z"), read as a Date. */
const instant = instantText(40).transform((text) => new Date(text));

const DAY_MS = 24 * 60 * 60 * 1000;
const CALENDAR_FEED_FILE_LENGTH = CALENDAR_FEED_TOKEN_LENGTH + '.ics'.length;

/** GET /api/advisors/{advisorId}/slots: a window of at most MAX_SLOT_RANGE_DAYS and one meeting length (or the shortest offered). */
export const slotsQuery = z
  .object({
    from: instant,
    to: instant,
    /** Left out: the advisor's shortest offered length. */
    length: z.coerce
      .number()
      .int()
      .refine((length) => (MEETING_LENGTHS as readonly number[]).includes(length), UI_TEXT.meetingLengthNotAllowed)
      .optional(),
    /** Rescheduling: the session being moved does not count against the advisor's daily and weekly limits. */
    moving: idSchema.optional(),
  })
  .refine((query) => query.to > query.from, { message: UI_TEXT.slotRangeOrder, path: ['to'], ...whenValid })
  .refine((query) => query.to.getTime() - query.from.getTime() <= MAX_SLOT_RANGE_DAYS * DAY_MS, {
    message: UI_TEXT.slotRangeTooLong,
    path: ['to'],
    ...whenValid,
  });
export type SlotsQuery = z.output<typeof slotsQuery>;

/** A free time to book: UTC instants, the end `length` minutes after the start. */
export const slotSchema = z.object({ start: z.string(), end: z.string() });
export type Slot = z.infer<typeof slotSchema>;

export const advisorSlotsSchema = z.object({
  advisorId: z.string(),
  /** The advisor's zone: the web shows the slots in the viewer's own and names both when they differ. */
  timeZone: z.string(),
  /** The lengths the advisor offers (those who book may not read its availability), and the one asked for. */
  sessionLengths: z.array(z.number().int()),
  length: z.number().int(),
  slots: z.array(slotSchema),
  /** The advisor is away during the window (no slots those days): until when, and who stands in for the caller's organization. */
  away: awayNoticeSchema.nullable(),
});
export type AdvisorSlots = z.infer<typeof advisorSlotsSchema>;

// ---- Meetings ----

/** A person a meeting names, as every viewer of the meeting sees them. */
export const meetingPersonSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  profileImage: z.string().nullable(),
});
export type MeetingPerson = z.infer<typeof meetingPersonSchema>;

/**
 * A meeting with an advisor: UTC instants (the web shows them in the viewer's zone), its people,
 * the linked ticket, and when cancelled who cancelled it, when and why. `icalUid` stays the same
 * for the meeting's life; `sequence` grows with every change its invitations carry.
 */
export const advisorMeetingSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  organizationName: z.string(),
  advisor: meetingPersonSchema,
  bookedBy: meetingPersonSchema.nullable(),
  attendees: z.array(meetingPersonSchema),
  start: z.string(),
  end: z.string(),
  length: z.number().int(),
  topic: z.string(),
  agenda: z.string(),
  status: z.enum(MEETING_STATUSES),
  ticket: z.object({ id: z.string(), title: z.string() }).nullable(),
  cancelledBy: meetingPersonSchema.nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  icalUid: z.string(),
  sequence: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** How many times it was moved. */
  reschedules: z.number().int(),
  /**
   * Why the caller may not change or cancel it though it otherwise could: inside the advisor's
   * cancellation cut-off, or moved as often as allowed (those may still cancel); null otherwise.
   */
  lockedReason: z.string().nullable(),
  /** canEdit: reschedule and change it; canCancel: cancel it (both false once cancelled or started). */
  permissions: permissionsSchema('canEdit', 'canCancel'),
});
export type AdvisorMeeting = z.infer<typeof advisorMeetingSchema>;

const meetingTopic = requiredLine(UI_TEXT.meetingTopicRequired, MAX_MEETING_TOPIC_LENGTH);
const meetingAgenda = boundedString(MAX_MEETING_AGENDA_LENGTH).trim();
/** The people besides the advisor; the same person twice is once. */
const attendeeIds = z
  .array(idSchema)
  .max(MAX_MEETING_ATTENDEES, UI_TEXT.meetingAttendeesTooMany)
  .transform((ids) => [...new Set(ids)]);

/**
 * POST /api/sessions. A member books for its own organization (`organizationId` may be left out);
 * the advisor names one it actively advises. The booker attends unless it is the advisor.
 */
export const createMeetingBody = z
  .object({
    advisorId: idSchema,
    organizationId: idSchema.optional(),
    start: instant,
    length: meetingLength,
    topic: meetingTopic,
    agenda: meetingAgenda.default(''),
    attendeeIds: attendeeIds.default([]),
    ticketId: idSchema.nullable().optional(),
  })
  .strict();
export type CreateMeetingBody = z.input<typeof createMeetingBody>;

/** PATCH /api/sessions/{id}: a new time (same invitation, SEQUENCE + 1), topic, agenda or attendees. */
export const updateMeetingBody = z
  .object({
    start: instant.optional(),
    length: meetingLength.optional(),
    topic: meetingTopic.optional(),
    agenda: meetingAgenda.optional(),
    attendeeIds: attendeeIds.optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: UI_TEXT.meetingNothingToChange,
    ...whenValid,
  });
export type UpdateMeetingBody = z.input<typeof updateMeetingBody>;

/** POST /api/sessions/{id}/cancel: why, kept with the meeting and told to its people. */
export const cancelMeetingBody = z
  .object({ reason: boundedString(MAX_CANCEL_REASON_LENGTH).trim().default('') })
  .strict();
export type CancelMeetingBody = z.input<typeof cancelMeetingBody>;

/**
 * GET /api/sessions: the meetings the caller sees (an org_admin its organization's, a member those
 * it booked or attends, an advisor its own, admin all), starting in `[from, to)`, in `sort` order.
 */
export const meetingListQuery = z
  .object({
    from: instant.optional(),
    to: instant.optional(),
    organizationId: idSchema.optional(),
    status: z.enum(MEETING_STATUSES).optional(),
    sort: z.enum(MEETING_SORTS).default('start'),
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(MAX_MEETING_PAGE_SIZE).default(MEETING_PAGE_SIZE),
  })
  .refine((query) => !query.from || !query.to || query.to > query.from, {
    message: UI_TEXT.slotRangeOrder,
    path: ['to'],
    ...whenValid,
  });
export type MeetingListQuery = z.input<typeof meetingListQuery>;
export const meetingPage = pagedEnvelope(advisorMeetingSchema);
export const meetingEnvelope = envelope(advisorMeetingSchema);

/** The caller's calendar feed: its URL (null until one is made) and when it was made. */
export const calendarFeedSchema = z.object({ url: z.string().nullable(), createdAt: z.string().nullable() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** GET /api/calendar/{token}.ics: the path's last segment, `{token}.ics`. */
export const calendarFeedParams = z.object({ file: boundedString(CALENDAR_FEED_FILE_LENGTH) });
