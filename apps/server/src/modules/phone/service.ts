import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  PHONE_CODE_LENGTH,
  PHONE_CODE_MAX_ATTEMPTS,
  PHONE_CODE_RESEND_SECONDS,
  PHONE_CODE_TTL_MS,
  PHONE_CODES_PER_ACCOUNT_PER_DAY,
  PHONE_CODES_PER_NUMBER_PER_DAY,
  UI_TEXT,
} from '@smart/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { phoneVerifications, users } from '../../db/schema/index.js';
import { AppError, badRequest, rateLimited } from '../../lib/errors.js';
import { admitAttempt, type LoginThrottle } from '../../lib/login-throttle.js';
import type { SmsSender } from '../../sms/sender.js';
import { countAgainstCap, getNotificationSettings, giveBackCount } from '../notifications/index.js';

/**
 * The code's hash, bound to the person and the number it was sent to. Six digits are guessed
 * offline whatever the hash: what protects a code is PHONE_CODE_MAX_ATTEMPTS and its short life.
 */
const codeHash = (userId: string, phone: string, code: string) =>
  createHash('sha256').update(`${userId}:${phone}:${code}`).digest('hex');

const verificationText = (code: string) =>
  `Your S.M.A.R.T. code is ${code}. It expires in ${PHONE_CODE_TTL_MS / 60_000} minutes. Do not share it.`;

/** Seconds until the next UTC midnight, when an organization's daily SMS count starts again. */
const secondsUntilUtcMidnight = (now = new Date()) =>
  Math.max(
    1,
    Math.ceil((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000),
  );

/** What a code costs besides its SMS: the day's counts per account and per number, and the organization's SMS limit. */
export interface PhoneCodeBudget {
  /** Counts in windows of PHONE_CODE_COUNT_WINDOW_MS (in Redis when configured). */
  throttle: LoginThrottle;
  smsDailyLimitPerOrganization: number;
}

/**
 * Sends a fresh code to the profile's phone (replacing any earlier one). Each is an SMS someone
 * pays for, so it is counted, and refused with 429 past any of: PHONE_CODES_PER_ACCOUNT_PER_DAY,
 * PHONE_CODES_PER_NUMBER_PER_DAY (across accounts), one per PHONE_CODE_RESEND_SECONDS (the upsert
 * only replaces a code older than that, so two quick requests send one SMS), and the organization's
 * daily SMS limit, which it takes from like every other SMS (people without an organization, the
 * platform's staff, have the first three only). A code not sent gives every count back: the person
 * may ask again at once.
 */
export async function sendPhoneCode(db: Database, sender: SmsSender, budget: PhoneCodeBudget, userId: string) {
  const [user] = await db
    .select({ phone: users.phone, organizationId: users.organizationId })
    .from(users)
    .where(eq(users.id, userId));
  const phone = user?.phone;
  if (!phone) throw badRequest(UI_TEXT.phoneRequired);
  const admitted = await admitAttempt(budget.throttle, [
    {
      key: `account:${userId}`,
      max: PHONE_CODES_PER_ACCOUNT_PER_DAY,
      message: UI_TEXT.phoneCodesPerAccountSpent,
      onSuccess: 'forgive',
    },
    {
      key: `number:${phone.replace(/\D/g, '')}`,
      max: PHONE_CODES_PER_NUMBER_PER_DAY,
      message: UI_TEXT.phoneCodesPerNumberSpent,
      onSuccess: 'forgive',
    },
  ]);
  const organizationId = user.organizationId;
  const code = String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
  const hash = codeHash(userId, phone, code);
  const values = {
    userId,
    phone,
    codeHash: hash,
    attempts: 0,
    expiresAt: sql`now() + ${`${PHONE_CODE_TTL_MS} milliseconds`}::interval`,
    createdAt: sql`now()`,
  };
  try {
    // The code and its SMS count together or not at all: a refusal rolls both back.
    await db.transaction(async (tx) => {
      const [stored] = await tx
        .insert(phoneVerifications)
        .values(values)
        .onConflictDoUpdate({
          target: phoneVerifications.userId,
          set: values,
          setWhere: sql`${phoneVerifications.createdAt} <= now() - ${`${PHONE_CODE_RESEND_SECONDS} seconds`}::interval`,
        })
        .returning({ userId: phoneVerifications.userId });
      if (!stored) throw rateLimited(UI_TEXT.phoneCodeTooSoon, PHONE_CODE_RESEND_SECONDS);
      if (organizationId && !(await countAgainstCap(tx, organizationId, budget.smsDailyLimitPerOrganization))) {
        throw rateLimited(UI_TEXT.phoneCodeSmsLimitReached, secondsUntilUtcMidnight());
      }
    });
  } catch (error) {
    await admitted.takeBack();
    throw error;
  }
  try {
    await sender.send({ id: `phone-code-${userId}-${Date.now()}`, to: phone, text: verificationText(code) });
  } catch (error) {
    // Not sent: the person may ask again at once.
    await db.transaction(async (tx) => {
      await tx
        .delete(phoneVerifications)
        .where(and(eq(phoneVerifications.userId, userId), eq(phoneVerifications.codeHash, hash)));
      if (organizationId) await giveBackCount(tx, organizationId);
    });
    await admitted.takeBack();
    throw Object.assign(new AppError('INTERNAL', UI_TEXT.smsSendFailed), { cause: error });
  }
}

/**
 * Checks a typed code: right, unexpired, within PHONE_CODE_MAX_ATTEMPTS (every try counts, right
 * or wrong, in its own committed update) and sent to the phone the profile still has. Then that
 * number is the verified one — until the profile's phone changes — and the code is spent.
 */
export async function confirmPhoneCode(db: Database, userId: string, code: string) {
  const verified = await db.transaction(async (tx) => {
    const [pending] = await tx
      .select({
        phone: phoneVerifications.phone,
        codeHash: phoneVerifications.codeHash,
        attempts: phoneVerifications.attempts,
        expired: sql<boolean>`${phoneVerifications.expiresAt} <= now()`,
        profilePhone: users.phone,
      })
      .from(phoneVerifications)
      .innerJoin(users, eq(users.id, phoneVerifications.userId))
      .where(eq(phoneVerifications.userId, userId))
      .for('update', { of: phoneVerifications });
    if (!pending || pending.expired || pending.attempts >= PHONE_CODE_MAX_ATTEMPTS) return false;
    if (pending.phone !== pending.profilePhone) return false;
    await tx
      .update(phoneVerifications)
      .set({ attempts: sql`${phoneVerifications.attempts} + 1` })
      .where(eq(phoneVerifications.userId, userId));
    const typed = Buffer.from(codeHash(userId, pending.phone, code), 'hex');
    if (!timingSafeEqual(typed, Buffer.from(pending.codeHash, 'hex'))) return false;
    await tx.update(users).set({ phoneVerified: pending.phone }).where(eq(users.id, userId));
    await tx.delete(phoneVerifications).where(eq(phoneVerifications.userId, userId));
    return true;
  });
  if (!verified) throw badRequest(UI_TEXT.phoneCodeInvalid);
  return getNotificationSettings(db, userId);
}
