import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  mergeNotificationPreferences,
  type NotificationPreferences,
  type NotificationPreferencesPatch,
} from '@smart/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/** Stored preferences over the defaults, so a key added later gets its default. */
const withDefaults = (stored: NotificationPreferences | null) =>
  mergeNotificationPreferences(DEFAULT_NOTIFICATION_PREFERENCES, stored ?? {});

export async function getNotificationPreferences(db: Database, userId: string) {
  const [row] = await db.select({ preferences: users.notificationPreferences }).from(users).where(eq(users.id, userId));
  return withDefaults(row?.preferences ?? null);
}

/** Read, merge and write under a row lock, so two quick toggles cannot overwrite each other. */
export async function updateNotificationPreferences(db: Database, userId: string, patch: NotificationPreferencesPatch) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ preferences: users.notificationPreferences })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    const merged = mergeNotificationPreferences(withDefaults(row?.preferences ?? null), patch);
    await tx.update(users).set({ notificationPreferences: merged }).where(eq(users.id, userId));
    return merged;
  });
}
