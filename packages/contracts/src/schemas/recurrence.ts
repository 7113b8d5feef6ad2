import { z } from 'zod';
import {
  MAX_RECURRENCE_COUNT,
  MAX_RECURRENCE_INTERVAL,
  MONTH_WEEKS,
  RECURRENCE_FREQUENCIES,
  RECURRENCE_TRIGGERS,
  type RecurrenceRule,
} from '../recurrence.js';
import { isCalendarDate, WEEKDAYS } from '../scheduling.js';
import { UI_TEXT } from '../ui-text.js';
import { boundedString } from './common.js';

/** Repeating tasks' request and record shapes (rules: recurrence.ts). */

const weekdaySchema = z.enum(WEEKDAYS);
const day = boundedString(10, UI_TEXT.dateInvalid).refine(isCalendarDate, UI_TEXT.dateInvalid);

/** Ends and pace, shared by every frequency. */
const ruleBase = {
  interval: z.number().int().min(1).max(MAX_RECURRENCE_INTERVAL).default(1),
  count: z.number().int().min(1).max(MAX_RECURRENCE_COUNT).nullable().optional(),
  until: day.nullable().optional(),
};

/** A rule as the task form sends it; the server checks `until` against the series' first due date. */
export const recurrenceRuleSchema = z
  .union([
    z.strictObject({ frequency: z.literal('daily'), ...ruleBase }),
    z.strictObject({
      frequency: z.literal('weekly'),
      weekdays: z.array(weekdaySchema).min(1, UI_TEXT.recurrenceWeekdaysRequired).max(WEEKDAYS.length),
      ...ruleBase,
    }),
    z.strictObject({ frequency: z.literal('monthly'), day: z.number().int().min(1).max(31), ...ruleBase }),
    z.strictObject({
      frequency: z.literal('monthly'),
      week: z.literal(MONTH_WEEKS),
      weekday: weekdaySchema,
      ...ruleBase,
    }),
    z.strictObject({ frequency: z.literal('yearly'), ...ruleBase }),
  ])
  .refine((rule) => rule.count == null || rule.until == null, UI_TEXT.recurrenceEndsTwice)
  .transform(
    (rule): RecurrenceRule => (rule.frequency === 'weekly' ? { ...rule, weekdays: [...new Set(rule.weekdays)] } : rule),
  );

/** Create Task, PUT /api/tasks/{id}: repeat (a rule and when the next one comes), or null: stop repeating. */
export const recurrenceInput = z.strictObject({
  rule: recurrenceRuleSchema,
  trigger: z.enum(RECURRENCE_TRIGGERS).default('completion'),
});
export type RecurrenceInput = z.input<typeof recurrenceInput>;

/**
 * PUT /api/tasks/{id} on a repeating task: the change is this task's alone (default), or also the
 * series' from here on, so the next tasks are made from it.
 */
export const SERIES_EDIT_SCOPES = ['this', 'following'] as const;
export type SeriesEditScope = (typeof SERIES_EDIT_SCOPES)[number];

/** DELETE /api/tasks/{id}: this task alone (a repeating one's series goes on), or this one and the series. */
export const taskDeleteQuery = z.object({ series: z.enum(['keep', 'stop']).default('keep') });

/** A task's series as records show it: the rule, when the next one comes, and the next dates. */
export const taskRecurrenceSchema = z.object({
  seriesId: z.string(),
  rule: z.object({
    frequency: z.enum(RECURRENCE_FREQUENCIES),
    interval: z.number().int(),
    weekdays: z.array(weekdaySchema).optional(),
    day: z.number().int().optional(),
    week: z.number().int().optional(),
    weekday: weekdaySchema.optional(),
    count: z.number().int().nullable().optional(),
    until: z.string().nullable().optional(),
  }),
  /** The first due date, which the rule counts from. */
  startsOn: z.string(),
  trigger: z.enum(RECURRENCE_TRIGGERS),
  /** "Every month on day 31"; the iCalendar RRULE value. */
  label: z.string(),
  rrule: z.string(),
  /** False once stopped or past its end: no more tasks come. */
  active: z.boolean(),
  /** The next due dates the series will make (up to RECURRENCE_PREVIEW_DATES); empty once it has ended. */
  nextDates: z.array(z.string()),
});
export type TaskRecurrence = z.infer<typeof taskRecurrenceSchema>;
