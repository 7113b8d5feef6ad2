import { dayFullMessage, MAX_MINUTES_PER_DAY } from '@smart/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { timeEntries } from '../../db/schema/index.js';
import { badField } from '../../lib/errors.js';

/**
 * A person's day holds at most MAX_MINUTES_PER_DAY of entries (docs/decisions/0193). Every write
 * that adds minutes to a day takes the person's lock first, inside its transaction, and sums the
 * day in a second statement: two writes for one person at once wait for each other, and the second
 * one's sum (a new snapshot under READ COMMITTED) sees what the first committed.
 */

/** An arbitrary constant: the class of the day cap's advisory locks (the second key is the person's hash). */
const DAY_LOCK_CLASS = 724_103;

/** The person's lock on their days, held until the transaction ends (PGlite and PostgreSQL alike). */
export async function lockDaysOf(tx: Database, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${DAY_LOCK_CLASS}::int, hashtext(${userId}))`);
}

/** The minutes of the person's entries on the day (time_entries_user_date_idx), but for `exceptId`. */
export async function minutesOnDay(tx: Database, userId: string, date: string, exceptId?: string): Promise<number> {
  const [row] = await tx
    .select({ minutes: sql<number>`coalesce(sum(${timeEntries.minutes}), 0)`.mapWith(Number) })
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.userId, userId),
        eq(timeEntries.date, date),
        exceptId ? ne(timeEntries.id, exceptId) : undefined,
      ),
    );
  return row?.minutes ?? 0;
}

interface DayChange {
  userId: string;
  date: string;
  /** The entry's minutes after the change. */
  minutes: number;
  /** The entry being changed: it does not count as the day's other time. */
  exceptId?: string;
  /**
   * The entry's minutes on this day before the change, if it was on it: a change that takes none
   * away from what the day held passes, so a day over the cap from before it existed can be mended.
   */
  before?: number;
}

/**
 * Inside the transaction that writes the entry, holding the person's lock (lockDaysOf): 400, about
 * the minutes field, when the day would hold more than MAX_MINUTES_PER_DAY, saying what it holds.
 */
export async function requireRoomInDay(tx: Database, change: DayChange): Promise<void> {
  const others = await minutesOnDay(tx, change.userId, change.date, change.exceptId);
  const lowered = change.before !== undefined && change.minutes <= change.before;
  if (others + change.minutes > MAX_MINUTES_PER_DAY && !lowered) {
    throw badField('minutes', dayFullMessage(change.date, others));
  }
}
