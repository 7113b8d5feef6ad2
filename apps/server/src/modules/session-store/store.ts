import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';
import { hashToken, newSessionToken } from '../../lib/tokens.js';

/** A new session for the user; its expired ones are cleared on the way, so the table does not grow forever. */
export async function createSession(db: Database, userId: string, ttlMs: number) {
  const token = newSessionToken();
  const now = new Date();
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now)));
  await db.insert(sessions).values({ userId, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + ttlMs) });
  return token;
}
