import { z } from 'zod';
import { isCalendarDate, WEEKDAYS } from '../scheduling.js';
import {
  MAX_HOLIDAY_NAME_LENGTH,
  MAX_HOLIDAYS,
  MAX_SLA_TARGET_MINUTES,
  SLA_CLOCKS,
  SLA_TARGET_KINDS,
} from '../service-levels.js';
import { TICKET_PRIORITIES } from '../tickets.js';
import { UI_TEXT } from '../ui-text.js';
import { boundedString, permissionsSchema, requiredLine } from './common.js';

/** An organization's service levels: targets per priority, its working week and holidays (rules: service-levels.ts). */

const clockTime = boundedString(5).regex(/^([01]\d|2[0-3]):[0-5]\d$/, UI_TEXT.timeOfDayInvalid);
const workingDay = z
  .strictObject({ start: clockTime, end: clockTime })
  .refine((day) => day.end > day.start, UI_TEXT.workingDayEndsBeforeStart)
  .nullable();
export const businessHoursSchema = z.strictObject(
  Object.fromEntries(WEEKDAYS.map((day) => [day, workingDay])) as Record<(typeof WEEKDAYS)[number], typeof workingDay>,
);

const targetMinutes = z
  .number()
  .int()
  .min(1, UI_TEXT.slaTargetOutOfRange)
  .max(MAX_SLA_TARGET_MINUTES, UI_TEXT.slaTargetOutOfRange)
  .nullable();

export const serviceLevelTargetSchema = z.strictObject({
  priority: z.enum(TICKET_PRIORITIES),
  firstResponseMinutes: targetMinutes,
  resolutionMinutes: targetMinutes,
  clock: z.enum(SLA_CLOCKS),
});
export type ServiceLevelTarget = z.infer<typeof serviceLevelTargetSchema>;

export const holidaySchema = z.strictObject({
  date: boundedString(10, UI_TEXT.dateInvalid).refine(isCalendarDate, UI_TEXT.dateInvalid),
  name: requiredLine(UI_TEXT.holidayNameRequired, MAX_HOLIDAY_NAME_LENGTH),
});
export type Holiday = z.infer<typeof holidaySchema>;

/** PUT /api/organizations/{id}/service-levels: the whole settings; a priority left out has no targets. */
export const serviceLevelsBody = z.strictObject({
  targets: z
    .array(serviceLevelTargetSchema)
    .max(TICKET_PRIORITIES.length)
    .refine(
      (targets) => new Set(targets.map((target) => target.priority)).size === targets.length,
      UI_TEXT.slaPriorityTwice,
    ),
  businessHours: businessHoursSchema,
  holidays: z
    .array(holidaySchema)
    .max(MAX_HOLIDAYS, UI_TEXT.tooManyHolidays)
    .refine((days) => new Set(days.map((day) => day.date)).size === days.length, UI_TEXT.holidayTwice),
});
export type ServiceLevelsBody = z.input<typeof serviceLevelsBody>;

/** GET /api/organizations/{id}/service-levels: every priority's targets (null minutes: none), the week, the holidays. */
export const serviceLevelsSchema = z.object({
  organizationId: z.string(),
  /** The zone the hours are in (the organization's). */
  timeZone: z.string(),
  targets: z.array(serviceLevelTargetSchema),
  businessHours: businessHoursSchema,
  holidays: z.array(holidaySchema),
  /** canEdit: its org_admin, admin. */
  permissions: permissionsSchema('canEdit'),
});
export type ServiceLevels = z.infer<typeof serviceLevelsSchema>;

/** One target's clock on a ticket: when it is due, when it warns, when it was met, whether it was missed. */
const targetClock = z.object({
  kind: z.enum(SLA_TARGET_KINDS),
  dueAt: z.string(),
  warnAt: z.string(),
  /** When it was met (the first response, the resolution); null while it runs. */
  metAt: z.string().nullable(),
  /** Met after its due time, or still unmet past it. */
  breached: z.boolean(),
});

/** A ticket's service-level clock, or null when its priority has no targets. */
export const ticketSlaSchema = z.object({
  clock: z.enum(SLA_CLOCKS),
  targets: z.array(targetClock),
  /** Set while the ticket waits for its requester: the clock stands still (its times move on when it starts again). */
  pausedAt: z.string().nullable(),
});
export type TicketSla = z.infer<typeof ticketSlaSchema>;
