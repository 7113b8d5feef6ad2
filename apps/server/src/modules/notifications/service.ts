import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type EmailDigest,
  mergeNotificationPreferences,
  type NotificationPreferences,
  type NotificationPreferencesPatch,
  type NotificationSettings,
  UI_TEXT,
} from '@smart/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { givenChanges } from '../../lib/changes.js';
import { badRequest } from '../../lib/errors.js';
import { databaseKnowsZone } from '../../lib/time-zones.js';
import { registeredTimeZoneHooks } from './hooks.js';

/** Stored preferences over the defaults, so a key added later gets its default. */
const withDefaults = (stored: NotificationPreferences | null) =>
  mergeNotificationPreferences(DEFAULT_NOTIFICATION_PREFERENCES, stored ?? {});

const settingsColumns = {
  preferences: users.notificationPreferences,
  timeZone: users.timeZone,
  emailDigest: users.emailDigest,
  phone: users.phone,
  phoneVerified: users.phoneVerified,
};

type SettingsRow = { [K in keyof typeof settingsColumns]: (typeof settingsColumns)[K]['_']['data'] | null };

function settingsOf(row: SettingsRow | undefined): NotificationSettings {
  return {
    ...withDefaults(row?.preferences ?? null),
    timeZone: row?.timeZone ?? null,
    emailDigest: row?.emailDigest ?? 'off',
    phone: row?.phone ?? null,
    phoneVerified: Boolean(row?.phone && row.phoneVerified === row.phone),
  };
}

export async function getNotificationSettings(db: Database, userId: string): Promise<NotificationSettings> {
  const [row] = await db.select(settingsColumns).from(users).where(eq(users.id, userId));
  return settingsOf(row);
}

export interface NotificationSettingsChange {
  notifications?: NotificationPreferencesPatch | undefined;
  timeZone?: string | undefined;
  emailDigest?: EmailDigest | undefined;
}

/** Read, merge and write under a row lock, so two quick toggles cannot overwrite each other. */
export async function updateNotificationSettings(db: Database, userId: string, change: NotificationSettingsChange) {
  if (change.timeZone !== undefined && !(await databaseKnowsZone(db, change.timeZone))) {
    throw badRequest(UI_TEXT.invalidTimeZone);
  }
  return db.transaction(async (tx) => {
    const [row] = await tx.select(settingsColumns).from(users).where(eq(users.id, userId)).for('update');
    if (change.timeZone !== undefined && change.timeZone !== row?.timeZone) {
      for (const hook of registeredTimeZoneHooks()) await hook(tx, userId, row?.timeZone ?? null);
    }
    const preferences = mergeNotificationPreferences(
      withDefaults(row?.preferences ?? null),
      change.notifications ?? {},
    );
    const [updated] = await tx
      .update(users)
      .set({
        notificationPreferences: preferences,
        ...givenChanges({ timeZone: change.timeZone, emailDigest: change.emailDigest }),
      })
      .where(eq(users.id, userId))
      .returning(settingsColumns);
    return settingsOf(updated);
  });
}
