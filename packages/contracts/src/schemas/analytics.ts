import { z } from 'zod';
import { daysInRange, MAX_ANALYTICS_DAYS } from '../analytics.js';
import { TICKET_CATEGORIES, TICKET_PRIORITIES } from '../tickets.js';
import { UI_TEXT } from '../ui-text.js';
import { boundedString, countsSchema, idSchema } from './common.js';
import { isDateOnly, projectStatusSchema } from './work.js';

/**
 * GET /api/analytics: an organization's figures (an admin's: any organization's, or the
 * whole platform's) between two days, each computed in SQL. The definitions are the endpoint's
 * description and docs/decisions/0187-analytics-figures.md.
 */

const dateOnly = boundedString(10, UI_TEXT.dateInvalid).refine(isDateOnly, UI_TEXT.dateInvalid);
const whenValid = { when: (payload: z.core.ParsePayload) => payload.issues.length === 0 };

/** Why a range is refused (the server asks again once it has filled in a missing end), or null. */
export function analyticsRangeProblem(from: string, to: string): string | null {
  if (to < from) return UI_TEXT.timeRangeOrder;
  if (daysInRange(from, to) > MAX_ANALYTICS_DAYS) return UI_TEXT.analyticsRangeTooLong;
  return null;
}

export const analyticsQuery = z
  .object({
    /** Left out: the caller's own organization (an admin's: the whole platform). */
    organizationId: idSchema.optional(),
    /** Left out: the Monday ANALYTICS_DEFAULT_WEEKS - 1 weeks before the week of `to`. */
    from: dateOnly.optional(),
    /** Left out: today, in the caller's time zone. */
    to: dateOnly.optional(),
  })
  .superRefine((query, context) => {
    const problem = query.from && query.to ? analyticsRangeProblem(query.from, query.to) : null;
    if (problem) context.addIssue({ code: 'custom', message: problem, path: ['to'] });
  }, whenValid);
export type AnalyticsQuery = z.input<typeof analyticsQuery>;

const count = z.number().int();
const priorityCounts = countsSchema(TICKET_PRIORITIES);

/** One week (from Monday, in the caller's zone), counted only on the range's days. */
export const analyticsWeekSchema = z.object({
  weekStart: z.string(),
  tasksCreated: count,
  tasksCompleted: count,
  ticketsOpened: priorityCounts,
  ticketsResolved: priorityCounts,
});
export type AnalyticsWeek = z.infer<typeof analyticsWeekSchema>;

export const analyticsProjectSchema = z.object({
  id: z.string(),
  title: z.string(),
  organizationName: z.string(),
  status: projectStatusSchema,
  dueDate: z.string().nullable(),
  progress: count,
  taskCount: count,
  completedTaskCount: count,
});
export type AnalyticsProject = z.infer<typeof analyticsProjectSchema>;

export const analyticsSchema = z.object({
  /** The organization the figures are of; null for the whole platform (an admin's). */
  organization: z.object({ id: z.string(), name: z.string() }).nullable(),
  from: z.string(),
  to: z.string(),
  /** The zone the days and weeks were counted in (the caller's, UTC without one). */
  timeZone: z.string(),
  weeks: z.array(analyticsWeekSchema),
  /** Open tasks whose due date is before today: now, whatever the range. */
  overdueTasks: count,
  /** The tickets opened in the range: how many were answered and resolved, and the median times (seconds; null with none). */
  tickets: z.object({
    opened: count,
    responded: count,
    resolved: count,
    medianFirstResponseSeconds: z.number().nullable(),
    medianResolutionSeconds: z.number().nullable(),
  }),
  /** Tickets opened in the range by category. */
  ticketCategories: countsSchema(TICKET_CATEGORIES),
  /** Open projects (not completed or cancelled), soonest due first, undated last: the first `limit` of `total`. */
  projects: z.object({ total: count, limit: count, items: z.array(analyticsProjectSchema) }),
  /**
   * Service levels of the tickets opened in the range that had targets, per month (YYYY-MM) and
   * priority: each target met in time or missed (a running one counts once it is past due).
   */
  slaAttainment: z.array(
    z.object({
      month: z.string(),
      priority: z.enum(TICKET_PRIORITIES),
      firstResponseMet: count,
      firstResponseMissed: count,
      resolutionMet: count,
      resolutionMissed: count,
    }),
  ),
  /** Advisors' time in the range per month (YYYY-MM), billable apart. */
  advisorHours: z.array(z.object({ month: z.string(), minutes: count, billableMinutes: count })),
});
export type Analytics = z.infer<typeof analyticsSchema>;
