import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import {
  CLOCK_TIME_PATTERN,
  intervalsOverlap,
  isCalendarDate,
  MAX_BUFFER_MINUTES,
  MAX_DATE_OVERRIDES,
  MAX_HORIZON_DAYS,
  MAX_INTERVALS_PER_DAY,
  MAX_MINIMUM_NOTICE_MINUTES,
  MAX_SLOT_RANGE_DAYS,
  SESSION_LENGTHS,
  WEEKDAYS,
  type Weekday,
} from '../scheduling.js';
import { boundedString, idSchema, permissionsSchema } from './common.js';
import { timeZoneSchema } from './notifications.js';

/** Scheduling with an advisor (issue 24): availability and free slots. */

/**
 * A check across fields or items runs only on input whose parts all passed: zod 4 runs refinements
 * after issues that do not abort, and a check reading a malformed item would throw (a 500).
 */
const whenValid = { when: (payload: z.core.ParsePayload) => payload.issues.length === 0 };

const clockTime = boundedString(5).regex(CLOCK_TIME_PATTERN, MESSAGES.availabilityInvalidTime);

export const availabilityIntervalSchema = z
  .object({ start: clockTime, end: clockTime })
  .strict()
  .refine((interval) => interval.start < interval.end, { message: MESSAGES.availabilityIntervalOrder, ...whenValid });

/** One day's intervals: a few, none overlapping. */
const dayIntervals = z
  .array(availabilityIntervalSchema)
  .max(MAX_INTERVALS_PER_DAY, MESSAGES.tooManyIntervals)
  .refine((intervals) => !intervalsOverlap(intervals), {
    message: MESSAGES.availabilityIntervalsOverlap,
    ...whenValid,
  });

export const weeklyHoursSchema = z
  .object(Object.fromEntries(WEEKDAYS.map((day) => [day, dayIntervals])) as Record<Weekday, typeof dayIntervals>)
  .strict();

/** Other hours on one date, in place of its weekday's; no intervals is a day off. */
export const dateOverrideSchema = z
  .object({
    date: boundedString(10).refine(isCalendarDate, MESSAGES.availabilityInvalidDate),
    intervals: dayIntervals,
  })
  .strict();

const sessionLength = z
  .number()
  .int()
  .refine((length) => (SESSION_LENGTHS as readonly number[]).includes(length), MESSAGES.sessionLengthNotAllowed);

const availabilityFields = {
  timeZone: timeZoneSchema,
  weeklyHours: weeklyHoursSchema,
  dateOverrides: z
    .array(dateOverrideSchema)
    .max(MAX_DATE_OVERRIDES, MESSAGES.tooManyDateOverrides)
    .refine((overrides) => new Set(overrides.map((override) => override.date)).size === overrides.length, {
      message: MESSAGES.availabilityDuplicateDate,
      ...whenValid,
    }),
  sessionLengths: z
    .array(sessionLength)
    .min(1)
    .max(SESSION_LENGTHS.length)
    .refine((lengths) => new Set(lengths).size === lengths.length, {
      message: MESSAGES.sessionLengthsDuplicate,
      ...whenValid,
    }),
  bufferMinutes: z.number().int().min(0).max(MAX_BUFFER_MINUTES),
  minimumNoticeMinutes: z.number().int().min(0).max(MAX_MINIMUM_NOTICE_MINUTES),
  horizonDays: z.number().int().min(1).max(MAX_HORIZON_DAYS),
};

/** PUT /api/advisors/{advisorId}/availability: the whole availability, replacing the stored one. */
export const updateAvailabilityBody = z.object(availabilityFields).strict();
export type UpdateAvailabilityBody = z.infer<typeof updateAvailabilityBody>;
export type AdvisorAvailabilitySettings = UpdateAvailabilityBody;

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
const instant = boundedString(40)
  .pipe(z.iso.datetime({ offset: true }))
  .transform((text) => new Date(text));

const DAY_MS = 24 * 60 * 60 * 1000;

/** GET /api/advisors/{advisorId}/slots: a window of at most MAX_SLOT_RANGE_DAYS and one session length. */
export const slotsQuery = z
  .object({
    from: instant,
    to: instant,
    length: z.coerce
      .number()
      .int()
      .refine((length) => (SESSION_LENGTHS as readonly number[]).includes(length), MESSAGES.sessionLengthNotAllowed),
  })
  .refine((query) => query.to > query.from, { message: MESSAGES.slotRangeOrder, path: ['to'], ...whenValid })
  .refine((query) => query.to.getTime() - query.from.getTime() <= MAX_SLOT_RANGE_DAYS * DAY_MS, {
    message: MESSAGES.slotRangeTooLong,
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
  length: z.number().int(),
  slots: z.array(slotSchema),
});
export type AdvisorSlots = z.infer<typeof advisorSlotsSchema>;
