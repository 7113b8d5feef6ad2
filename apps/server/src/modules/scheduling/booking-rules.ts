import { UI_TEXT } from '@smart/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { advisorAvailability, advisorMeetings } from '../../db/schema/index.js';
import { badRequest, conflict, forbidden } from '../../lib/errors.js';
import type { Actor } from '../../lib/tenancy.js';
import { bookingRuleLock, type MeetingAccessRecord, overridesBookingRules } from './policy.js';
import type { AvailabilityRecord } from './presenter.js';

/*
 * An advisor's booking rules (decision 0287): at most so many sessions a day and a week in its
 * zone, a cancellation cut-off for members, and a number of moves per session.
 */

/**
 * 409 unless the day and the week of `start` (in the advisor's zone) have room for one more
 * meeting, `exceptMeetingId` (the one being moved) left out. In the booking's transaction, with the
 * advisor's availability row locked first: bookings of one advisor take turns here, so twenty at
 * once for a day with room for three make three meetings, whatever the processes.
 */
export async function requireRoomFor(
  tx: Database,
  advisorId: string,
  limits: Pick<AvailabilityRecord, 'maxSessionsPerDay' | 'maxSessionsPerWeek' | 'timeZone'>,
  start: Date,
  exceptMeetingId?: string,
): Promise<void> {
  if (limits.maxSessionsPerDay === null && limits.maxSessionsPerWeek === null) return;
  await tx
    .select({ advisorId: advisorAvailability.advisorId })
    .from(advisorAvailability)
    .where(eq(advisorAvailability.advisorId, advisorId))
    .for('update');
  const zone = limits.timeZone;
  const at = sql`${start.toISOString()}::timestamptz`;
  const local = (instant: unknown) => sql`(${instant} at time zone ${zone})`;
  const [counts] = await tx
    .select({
      day: sql<number>`count(*) filter (where ${local(advisorMeetings.startAt)}::date = ${local(at)}::date)`.mapWith(
        Number,
      ),
      week: sql<number>`count(*) filter (where date_trunc('week', ${local(advisorMeetings.startAt)}) = date_trunc('week', ${local(at)}))`.mapWith(
        Number,
      ),
    })
    .from(advisorMeetings)
    .where(
      and(
        eq(advisorMeetings.advisorId, advisorId),
        eq(advisorMeetings.status, 'scheduled'),
        exceptMeetingId ? ne(advisorMeetings.id, exceptMeetingId) : undefined,
        sql`${advisorMeetings.startAt} between ${at} - interval '8 days' and ${at} + interval '8 days'`,
      ),
    );
  if (limits.maxSessionsPerDay !== null && (counts?.day ?? 0) >= limits.maxSessionsPerDay) {
    throw conflict(UI_TEXT.meetingDayFull);
  }
  if (limits.maxSessionsPerWeek !== null && (counts?.week ?? 0) >= limits.maxSessionsPerWeek) {
    throw conflict(UI_TEXT.meetingWeekFull);
  }
}

/**
 * A cancellation inside the advisor's cut-off: a member may not (403, asked to turn to the advisor
 * or its org_admin); they may, with a reason (400 without one).
 */
export function requireCancellable(actor: Actor, meeting: MeetingAccessRecord, reason: string, now: Date): void {
  if (bookingRuleLock(actor, meeting, now) === 'cutoff') throw forbidden(UI_TEXT.meetingInsideCutoff);
  const cutoff = meeting.rules?.cancelCutoffMinutes ?? 0;
  const inside = cutoff > 0 && meeting.startAt.getTime() - now.getTime() < cutoff * 60_000;
  if (inside && overridesBookingRules(actor, meeting) && reason.trim() === '') {
    throw badRequest(UI_TEXT.meetingCutoffNeedsReason);
  }
}
