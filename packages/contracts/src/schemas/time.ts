import { z } from 'zod';
import {
  MAX_TIME_ENTRY_MINUTES,
  MAX_TIME_NOTE_LENGTH,
  MAX_TIMESHEET_DAYS,
  TIME_ENTRY_MAX_PAGE_SIZE,
  TIME_ENTRY_PAGE_SIZE,
  TIME_RECORD_TYPES,
  TIME_SUMMARY_TYPES,
} from '../time.js';
import { UI_TEXT } from '../ui-text.js';
import { boundedString, idSchema, pagedEnvelope, permissionsSchema } from './common.js';
import { userSummarySchema } from './structure.js';
import { isDateOnly } from './work.js';

/** Time entries and timers; who may do what is the server's time-entries policy. */

const dateOnly = boundedString(10, UI_TEXT.dateInvalid).refine(isDateOnly, UI_TEXT.dateInvalid);
const minutes = z
  .number({ error: UI_TEXT.timeMinutesInvalid })
  .int(UI_TEXT.timeMinutesInvalid)
  .min(1, UI_TEXT.timeMinutesInvalid)
  .max(MAX_TIME_ENTRY_MINUTES, UI_TEXT.timeMinutesInvalid);
const note = boundedString(MAX_TIME_NOTE_LENGTH).trim();
export const timeRecordTypeSchema = z.enum(TIME_RECORD_TYPES);

/** The task or ticket time is spent on. */
export const timeRecordBody = z.object({ recordType: timeRecordTypeSchema, recordId: idSchema });

export const createTimeEntryBody = timeRecordBody.extend({
  date: dateOnly,
  minutes,
  note: note.default(''),
  billable: z.boolean().default(true),
});
export type CreateTimeEntryBody = z.input<typeof createTimeEntryBody>;

export const updateTimeEntryBody = z
  .object({ date: dateOnly, minutes, note, billable: z.boolean() })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to change' });
export type UpdateTimeEntryBody = z.input<typeof updateTimeEntryBody>;

/** Later days compare after earlier ones as text (YYYY-MM-DD). */
const whenValid = { when: (payload: z.core.ParsePayload) => payload.issues.length === 0 };

/** The filters of the time entries list (GET /api/time-entries), also its CSV export's query. */
export const timeEntryFilters = z.object({
  recordType: timeRecordTypeSchema.optional(),
  recordId: idSchema.optional(),
  userId: idSchema.optional(),
  organizationId: idSchema.optional(),
  from: dateOnly.optional(),
  to: dateOnly.optional(),
});

/** The checks across the filters: a range that runs forwards, and a record named by its type and id together. */
export const checkTimeEntryFilters = <T extends z.ZodType<z.output<typeof timeEntryFilters>>>(schema: T) =>
  schema
    .refine((query) => !query.from || !query.to || query.to >= query.from, {
      message: UI_TEXT.timeRangeOrder,
      path: ['to'],
      ...whenValid,
    })
    .refine((query) => (query.recordType === undefined) === (query.recordId === undefined), {
      message: 'recordType and recordId go together',
      path: ['recordId'],
      ...whenValid,
    });

export const timeEntryListQuery = checkTimeEntryFilters(
  timeEntryFilters.extend({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(TIME_ENTRY_MAX_PAGE_SIZE).default(TIME_ENTRY_PAGE_SIZE),
  }),
);
export type TimeEntryListQuery = z.input<typeof timeEntryListQuery>;

export const timeEntrySchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  recordType: timeRecordTypeSchema,
  recordId: z.string(),
  /** The task's or ticket's title. */
  recordTitle: z.string(),
  user: userSummarySchema.nullable(),
  date: z.string(),
  minutes: z.number().int(),
  note: z.string(),
  billable: z.boolean(),
  /** Its day lies in time submitted for approval or approved: nobody changes it until that is returned or reopened. */
  locked: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  permissions: permissionsSchema('canEdit', 'canDelete'),
});
export type TimeEntry = z.infer<typeof timeEntrySchema>;
export const timeEntryPage = pagedEnvelope(timeEntrySchema);

/** The caller's running timer, or null. */
export const runningTimerSchema = z
  .object({
    recordType: timeRecordTypeSchema,
    recordId: z.string(),
    recordTitle: z.string(),
    organizationId: z.string(),
    startedAt: z.string(),
  })
  .nullable();
export type RunningTimer = z.infer<typeof runningTimerSchema>;

/** GET /api/time-entries/summary: the time on a task or ticket, or on an objective's or project's tasks. */
export const timeSummaryQuery = z.object({ recordType: z.enum(TIME_SUMMARY_TYPES), recordId: idSchema });
export type TimeSummaryQuery = z.input<typeof timeSummaryQuery>;
export const timeSummarySchema = z.object({ minutes: z.number().int(), billableMinutes: z.number().int() });
export type TimeSummary = z.infer<typeof timeSummarySchema>;

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;

/** A timesheet's days: `to` not before `from`, and at most MAX_TIMESHEET_DAYS of them. */
const withTimesheetRange = <S extends z.ZodType<{ from: string; to: string }>>(schema: S) =>
  schema
    .refine((query) => query.to >= query.from, { message: UI_TEXT.timeRangeOrder, path: ['to'], ...whenValid })
    .refine((query) => daysBetween(query.from, query.to) < MAX_TIMESHEET_DAYS, {
      message: UI_TEXT.timesheetRangeTooLong,
      path: ['to'],
      ...whenValid,
    });

/**
 * GET /api/time-entries/timesheet: the caller's time from `from` to `to`, both days included (the
 * CSV variant: of one organization, when named).
 */
export const timesheetQuery = withTimesheetRange(
  z.object({ from: dateOnly, to: dateOnly, organizationId: idSchema.optional() }),
);
/** GET /api/time-entries/timesheet.pdf: a statement is always of one organization. */
export const timesheetPdfQuery = withTimesheetRange(
  z.object({ from: dateOnly, to: dateOnly, organizationId: idSchema }),
);
export type TimesheetPdfQuery = z.input<typeof timesheetPdfQuery>;
export type TimesheetQuery = z.input<typeof timesheetQuery>;

const timeTotalsSchema = z.object({ minutes: z.number().int(), billableMinutes: z.number().int() });

/** One organization's time in the range: per week (starting Monday), per month, and in all. */
export const timesheetOrganizationSchema = timeTotalsSchema.extend({
  organizationId: z.string(),
  organizationName: z.string(),
  weeks: z.array(timeTotalsSchema.extend({ weekStart: z.string() })),
  months: z.array(timeTotalsSchema.extend({ month: z.string() })),
});
export const timesheetSchema = z.object({
  from: z.string(),
  to: z.string(),
  organizations: z.array(timesheetOrganizationSchema),
});
export type Timesheet = z.infer<typeof timesheetSchema>;
