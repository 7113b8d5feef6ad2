import { sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type { Database } from '../db/client.js';

/**
 * Whether the database knows a zone too (the contract checked it with the runtime's Intl): queries
 * compute with `at time zone` it (a digest's morning, an advisor's day), and one zone unknown
 * there would fail every query that meets it.
 */
export async function databaseKnowsZone(db: Database, timeZone: string): Promise<boolean> {
  try {
    await db.execute(sql`select now() at time zone ${timeZone}`);
    return true;
  } catch {
    return false;
  }
}

/** The calendar day (YYYY-MM-DD) an instant falls on in an IANA zone. */
export function localDateOf(instant: Date, timeZone: string): string {
  return Temporal.Instant.fromEpochMilliseconds(instant.getTime())
    .toZonedDateTimeISO(timeZone)
    .toPlainDate()
    .toString();
}
