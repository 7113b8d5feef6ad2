import { z } from 'zod';
import { isCalendarDate } from '../scheduling.js';
import { UI_TEXT } from '../ui-text.js';
import { boundedString, idSchema, optionalText, permissionsSchema } from './common.js';

/** An advisor's time away: dates (in its availability's zone, both included), a note, a substitute per organization. */

/** Time away is at most a year at a time; a note at most 500 characters. */
export const MAX_TIME_AWAY_DAYS = 366;
export const MAX_TIME_AWAY_NOTE_LENGTH = 500;

const day = boundedString(10, UI_TEXT.dateInvalid).refine(isCalendarDate, UI_TEXT.dateInvalid);
const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** POST /api/advisors/{advisorId}/time-away. */
export const createTimeAwayBody = z
  .strictObject({
    startsOn: day,
    endsOn: day,
    note: optionalText(MAX_TIME_AWAY_NOTE_LENGTH),
    /** Who stands in, per organization the advisor advises (an advisor assigned to it); one each at most. */
    substitutes: z
      .array(z.strictObject({ organizationId: idSchema, substituteId: idSchema }))
      .max(200)
      .default([]),
  })
  .refine((body) => body.endsOn >= body.startsOn, { message: UI_TEXT.timeAwayEndsBeforeStart, path: ['endsOn'] })
  .refine((body) => daysBetween(body.startsOn, body.endsOn) < MAX_TIME_AWAY_DAYS, {
    message: UI_TEXT.timeAwayTooLong,
    path: ['endsOn'],
  })
  .refine((body) => new Set(body.substitutes.map((one) => one.organizationId)).size === body.substitutes.length, {
    message: UI_TEXT.timeAwaySubstituteTwice,
    path: ['substitutes'],
  });
export type CreateTimeAwayBody = z.input<typeof createTimeAwayBody>;

const personRef = z.object({ id: z.string(), name: z.string() });

export const timeAwaySchema = z.object({
  id: z.string(),
  advisorId: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  note: z.string().nullable(),
  substitutes: z.array(z.object({ organizationId: z.string(), organizationName: z.string(), substitute: personRef })),
  createdAt: z.string(),
  /** canDelete: the advisor, admin. */
  permissions: permissionsSchema('canDelete'),
});
export type TimeAway = z.infer<typeof timeAwaySchema>;

/**
 * An advisor away now (or on the asked day), as others see it where they deal with it (booking,
 * chats): until when, and who stands in for the caller's organization (null: nobody named).
 */
export const awayNoticeSchema = z.object({
  advisorId: z.string(),
  until: z.string(),
  substitute: personRef.nullable(),
});
export type AwayNotice = z.infer<typeof awayNoticeSchema>;

/** "The advisor is away until 12/20/2026. Dana Reyes stands in." (the day as YYYY-MM-DD; the page formats its own). */
export function awayMessage(
  notice: Pick<AwayNotice, 'until' | 'substitute'>,
  formatDay: (day: string) => string = (day) => day,
): string {
  const standIn = notice.substitute ? ` ${notice.substitute.name} stands in.` : '';
  return `The advisor is away until ${formatDay(notice.until)}.${standIn}`;
}
