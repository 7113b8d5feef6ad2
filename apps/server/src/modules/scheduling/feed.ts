import { createHash, randomBytes } from 'node:crypto';
import {
  CALENDAR_FEED_PAST_DAYS,
  CALENDAR_FEED_TOKEN_LENGTH,
  type CalendarFeed,
  schedulingEndpoints,
} from '@smart/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { calendarFeeds, organizations, type UserRow, users } from '../../db/schema/index.js';
import { type SecretBox, secretBox } from '../../lib/secret-box.js';
import { deriveKey } from '../two-factor/index.js';
import { renderCalendar } from './ics.js';
import { meetingsOfPerson } from './meetings.js';
import { calendarEntryOf, presentMeetingFields } from './presenter.js';

/*
 * A person's calendar feed: `GET /api/calendar/{token}.ics`, which Google Calendar or
 * Outlook polls without a session, so the secret token in the path is the only key. Stored twice:
 * its SHA-256, which finds the feed (a token of 256 random bits needs no slow hash, and a lookup by
 * hash leaks nothing through timing), and sealed with a key of its own, so the Sessions page can
 * show the URL again. A new token replaces the row: the old URL stops working at once.
 */

/** The feed tokens' sealing key, derived from the installation's one key (TWO_FACTOR_ENCRYPTION_KEY or its file). */
export const calendarFeedBox = (key: Buffer): SecretBox => secretBox(deriveKey(key, 'smart calendar feed tokens'));

/** `{token}.ics`: the base64url token of 32 random bytes. */
const FEED_FILE = new RegExp(`^([A-Za-z0-9_-]{${CALENDAR_FEED_TOKEN_LENGTH}})\\.ics$`);

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
/** Sealed for its owner: a sealed token copied to another person's row does not open there. */
const sealContext = (userId: string) => `calendar-feed:${userId}`;
const feedUrl = (appUrl: string, token: string) =>
  `${appUrl}${schedulingEndpoints.calendarFeed.path.replace(':file', `${token}.ics`)}`;

/** The caller's feed URL and when it was made; nulls until one is made (or if its key was lost: make a new one). */
export async function readCalendarFeed(db: Database, box: SecretBox, appUrl: string, userId: string) {
  const [feed] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  if (!feed) return { url: null, createdAt: null } satisfies CalendarFeed;
  try {
    const token = box.open(feed.tokenSealed, sealContext(userId));
    return { url: feedUrl(appUrl, token), createdAt: feed.createdAt.toISOString() } satisfies CalendarFeed;
  } catch {
    return { url: null, createdAt: null } satisfies CalendarFeed;
  }
}

/** A new feed token for the caller, replacing (revoking) the previous one. */
export async function createCalendarFeed(
  db: Database,
  box: SecretBox,
  appUrl: string,
  userId: string,
): Promise<CalendarFeed> {
  const token = randomBytes(32).toString('base64url');
  const values = { tokenHash: hashOf(token), tokenSealed: box.seal(token, sealContext(userId)) };
  const [feed] = await db
    .insert(calendarFeeds)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { ...values, createdAt: sql`now()` } })
    .returning({ createdAt: calendarFeeds.createdAt });
  if (!feed) throw new Error('calendar feed not saved');
  return { url: feedUrl(appUrl, token), createdAt: feed.createdAt.toISOString() };
}

/** The person a feed lists the meetings of. */
export type FeedOwner = Pick<UserRow, 'id' | 'role' | 'organizationId'>;

/** The token of a feed's file name `{token}.ics`, or null when the name is not one. */
export const feedTokenOf = (file: string) => FEED_FILE.exec(file)?.[1] ?? null;

/** A feed's token as a rate limit's key: its hash, so the secret itself is kept nowhere else. */
export const feedKeyOf = (file: string) => {
  const token = feedTokenOf(file);
  return token ? hashOf(token) : 'malformed';
};

/**
 * The person whose feed `{token}.ics` is, while it may sign in: active, its organization not closed
 * (docs/decisions/0208); else null (also a malformed name, an unknown or replaced token), a 404.
 */
export async function userOfFeedToken(db: Database, file: string): Promise<FeedOwner | null> {
  const token = feedTokenOf(file);
  if (!token) return null;
  const [row] = await db
    .select({ id: users.id, role: users.role, organizationId: users.organizationId })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(and(eq(calendarFeeds.tokenHash, hashOf(token)), eq(users.isActive, true), isNull(organizations.closedAt)));
  return row ?? null;
}

/** The person's meetings from CALENDAR_FEED_PAST_DAYS back and the upcoming ones (FEED_MEETING_CAPS), as a PUBLISH calendar. */
export async function calendarFeedOf(db: Database, appUrl: string, owner: FeedOwner, now: Date): Promise<string> {
  const since = new Date(now.getTime() - CALENDAR_FEED_PAST_DAYS * 24 * 60 * 60 * 1000);
  const records = await meetingsOfPerson(db, owner, { since, now });
  const entries = records.map((record) => calendarEntryOf(presentMeetingFields(record), appUrl));
  return renderCalendar('PUBLISH', entries, 'S.M.A.R.T. sessions');
}
