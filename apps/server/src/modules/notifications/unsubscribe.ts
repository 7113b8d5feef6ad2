import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { UnsubscribeKind } from '@smart/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { appMeta, users } from '../../db/schema/index.js';
import { updateNotificationSettings } from './service.js';

/*
 * One-click unsubscribe (RFC 8058): every non-security notification e-mail carries a link that
 * turns its e-mail toggle off without signing in. The link's token names the person and the toggle
 * and is signed (HMAC-SHA256) with a secret kept once in the database (app_meta), so that it
 * survives restarts and every process checks what another signed
 * (docs/decisions/0132-one-click-unsubscribe-a-signed-token-a-key-in-the-database.md).
 */

/** The e-mail toggles a token can turn off; `all` (a daily digest mixes them) turns off every one. */
export type UnsubscribeKey = UnsubscribeKind;
const KEYS: readonly UnsubscribeKey[] = ['systemAlerts', 'projectUpdates', 'taskAssignments', 'teamMessages', 'all'];

const SECRET_KEY = 'notification_unsubscribe_secret';
const TOKEN_PATTERN = /^([0-9a-f-]{36})\.([A-Za-z]{3,20})\.([A-Za-z0-9_-]{43})$/;

/**
 * The installation's signing secret, read at first use (the app is also built on databases not
 * migrated yet, such as the OpenAPI lint's) and kept; a failed read is tried again next time.
 */
export function unsubscribeSecretOf(db: Database): () => Promise<string> {
  let secret: Promise<string> | undefined;
  return () => {
    secret ??= unsubscribeSecret(db).catch((error: unknown) => {
      secret = undefined;
      throw error;
    });
    return secret;
  };
}

/** The installation's signing secret: made by the first process that asks, read by every other. */
export async function unsubscribeSecret(db: Database): Promise<string> {
  await db
    .insert(appMeta)
    .values({ key: SECRET_KEY, value: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, SECRET_KEY));
  if (!row) throw new Error('unsubscribe secret: app_meta row missing after insert');
  return row.value;
}

const signatureOf = (secret: string, userId: string, key: UnsubscribeKey) =>
  createHmac('sha256', secret).update(`unsubscribe:${userId}:${key}`).digest('base64url');

export function unsubscribeToken(secret: string, userId: string, key: UnsubscribeKey): string {
  return `${userId}.${key}.${signatureOf(secret, userId, key)}`;
}

/** The person and toggle a token names, or null for anything not signed by this installation. */
export function readUnsubscribeToken(secret: string, token: string): { userId: string; key: UnsubscribeKey } | null {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return null;
  const [, userId = '', key = ''] = match;
  if (!KEYS.includes(key as UnsubscribeKey)) return null;
  const expected = Buffer.from(signatureOf(secret, userId, key as UnsubscribeKey));
  const given = Buffer.from(match[3] ?? '');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, key: key as UnsubscribeKey };
}

/** Turns the token's e-mail toggle (or every one, for `all`) off. */
export async function unsubscribe(db: Database, { userId, key }: { userId: string; key: UnsubscribeKey }) {
  const off = key === 'all' ? KEYS.filter((one) => one !== 'all') : [key];
  await updateNotificationSettings(db, userId, {
    notifications: { email: Object.fromEntries(off.map((one) => [one, false])) },
  });
}

/** The address a token's e-mails go to, for the page to name; null once the account is gone. */
export async function unsubscribeAddress(db: Database, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}
