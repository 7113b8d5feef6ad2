import { sql } from 'drizzle-orm';
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
