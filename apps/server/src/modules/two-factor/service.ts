import { UI_TEXT } from '@smart/contracts';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { loginChallenges, sessions, twoFactorRecoveryCodes, users } from '../../db/schema/index.js';
import { type AuditEvent, recordAudit } from '../../lib/audit.js';
import { badRequest, conflict, forbidden } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { type Actor, seesAllOrganizations, visibleOr404 } from '../../lib/tenancy.js';
import { matchingStep, newTotpSecret, otpauthUrl } from '../../lib/totp.js';
import type { UserRecord } from '../users/index.js';
import { canResetTwoFactor, findUserRecord, loadUserRecord, memberEvent } from '../users/index.js';
import { replaceRecoveryCodes } from './recovery-codes.js';
import {
  admitCodeAttempt,
  forgiveCodeAttempts,
  requireSecondFactor,
  type SecondFactorProof,
  type TwoFactorDeps,
} from './second-factor.js';

/** A user's second factor as stored (the secrets still sealed). */
async function loadSecondFactor(db: Database, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      twoFactorSecret: users.twoFactorSecret,
      twoFactorPendingSecret: users.twoFactorPendingSecret,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new Error(`The signed-in user ${userId} has no row`);
  return row;
}

/** The enabled second factor of the user, or 409 when it has none. */
async function enabledSecondFactor(db: Database, userId: string) {
  const state = await loadSecondFactor(db, userId);
  const { twoFactorSecret } = state;
  if (!twoFactorSecret) throw conflict(UI_TEXT.twoFactorNotEnabled);
  return { ...state, twoFactorSecret };
}

/**
 * Starts (or starts again) setting up an authenticator app: a new secret, kept sealed as pending
 * until a code of it confirms it. Refused while a second factor is on (turn it off first).
 */
export async function beginSetup(deps: TwoFactorDeps, actor: Actor) {
  if ((await loadSecondFactor(deps.db, actor.id)).twoFactorSecret) throw conflict(UI_TEXT.twoFactorAlreadyEnabled);
  const secret = newTotpSecret();
  await deps.db
    .update(users)
    .set({ twoFactorPendingSecret: deps.keys.secrets.seal(secret, actor.id) })
    .where(eq(users.id, actor.id));
  return { secret, otpauthUrl: otpauthUrl(secret, actor.email) };
}

/**
 * A valid code of the pending secret turns the second factor on; the first set of recovery codes
 * is returned (shown once). The step of that code counts as used. Every other session of the
 * account ends with it (as a password change does): a browser signed in with the password alone,
 * perhaps by whoever made the person turn it on, must now pass the code too. Returns the codes
 * and the ended sessions' ids.
 */
export async function confirmSetup(
  deps: TwoFactorDeps,
  actor: Actor,
  currentSessionId: string,
  code: string,
): Promise<{ recoveryCodes: string[]; endedSessionIds: string[] }> {
  const state = await loadSecondFactor(deps.db, actor.id);
  if (state.twoFactorSecret) throw conflict(UI_TEXT.twoFactorAlreadyEnabled);
  const pending = state.twoFactorPendingSecret;
  if (!pending) throw conflict(UI_TEXT.twoFactorSetupNotStarted);
  await admitCodeAttempt(deps.throttle, actor.id);
  const step = matchingStep(deps.keys.secrets.open(pending, actor.id), code, deps.now());
  if (step === null) throw badRequest(UI_TEXT.twoFactorCodeInvalid);
  const codes = await deps.db.transaction(async (tx) => {
    // The pending secret the code was checked against, and no other: a set-up begun again meanwhile wins.
    const [enabled] = await tx
      .update(users)
      .set({
        twoFactorSecret: pending,
        twoFactorPendingSecret: null,
        twoFactorEnabledAt: new Date(),
        twoFactorLastStep: step,
        updatedAt: new Date(),
      })
      .where(and(eq(users.id, actor.id), eq(users.twoFactorPendingSecret, pending), isNull(users.twoFactorSecret)))
      .returning({ id: users.id });
    if (!enabled) return null;
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, actor.id), ne(sessions.id, currentSessionId)))
      .returning({ id: sessions.id });
    return {
      recoveryCodes: await replaceRecoveryCodes(tx, deps.keys, actor.id),
      endedSessionIds: ended.map((session) => session.id),
    };
  });
  if (!codes) throw conflict(UI_TEXT.twoFactorSetupNotStarted);
  await forgiveCodeAttempts(deps.throttle, actor.id);
  return codes;
}

/**
 * Removes a user's second factor: its secrets, recovery codes and sign-ins waiting for a code; an
 * admin's reset (`audit`) is written to the organization's audit log in the same transaction.
 */
async function removeSecondFactor(db: Database, userId: string, audit?: { actorId: string; events: AuditEvent[] }) {
  await db.transaction(async (tx) => {
    if (audit) await recordAudit(tx, audit.actorId, audit.events);
    await tx
      .update(users)
      .set({
        twoFactorSecret: null,
        twoFactorPendingSecret: null,
        twoFactorEnabledAt: null,
        twoFactorLastStep: null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await tx.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
  });
}

/**
 * Turning the second factor off needs the password and a code (or a recovery code, for a lost
 * phone), counted together as one attempt. Where the organization requires a second factor, the
 * user sets one up again before anything else.
 */
export async function disable(
  deps: TwoFactorDeps,
  actor: Actor,
  body: SecondFactorProof & { password: string },
): Promise<UserRecord> {
  const state = await enabledSecondFactor(deps.db, actor.id);
  await admitCodeAttempt(deps.throttle, actor.id);
  if (!(await verifyPassword(state.passwordHash, body.password))) throw badRequest(UI_TEXT.currentPasswordWrong);
  await requireSecondFactor(deps, state, body);
  await removeSecondFactor(deps.db, actor.id);
  await forgiveCodeAttempts(deps.throttle, actor.id);
  return loadUserRecord(deps.db, actor.id);
}

/** A new set of recovery codes for a code (or one of the old recovery codes); the old set stops working. */
export async function regenerateRecoveryCodes(deps: TwoFactorDeps, actor: Actor, proof: SecondFactorProof) {
  const state = await enabledSecondFactor(deps.db, actor.id);
  await admitCodeAttempt(deps.throttle, actor.id);
  await requireSecondFactor(deps, state, proof);
  const codes = await deps.db.transaction((tx) => replaceRecoveryCodes(tx, deps.keys, actor.id));
  await forgiveCodeAttempts(deps.throttle, actor.id);
  return codes;
}

/**
 * An admin removes the second factor of someone who lost it (never its own: that is turned off
 * with a password and a code). Someone the admin cannot see is 404; the caller tells the person.
 * The person's counts of wrong codes go with it: the per-account one here, sign-in's because
 * their keys name the second factor's start (login.ts codeCounters), which is gone.
 */
export async function resetSecondFactor(deps: TwoFactorDeps, actor: Actor, userId: string): Promise<UserRecord> {
  const { db } = deps;
  const target = await visibleOr404(actor, findUserRecord(db, userId), UI_TEXT.userNotFound);
  if (!canResetTwoFactor(actor, target.user)) {
    // Why not, in the words the caller needs.
    if (!seesAllOrganizations(actor)) throw forbidden();
    if (target.user.id === actor.id) throw badRequest(UI_TEXT.twoFactorResetOwnAccount);
    throw conflict(UI_TEXT.twoFactorNotEnabled);
  }
  await removeSecondFactor(db, userId, { actorId: actor.id, events: memberEvent(target, 'member.two_factor_reset') });
  await forgiveCodeAttempts(deps.throttle, userId);
  return loadUserRecord(db, userId);
}
