import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessions } from '../../db/schema/index.js';
import { notify } from '../../lib/outbox.js';
import { describeDevice, securityNotice } from '../../lib/security-notices.js';
import { hashToken } from '../../lib/tokens.js';
import { trustedDeviceOf } from './device-cookie.js';

/**
 * After a sign-in succeeded (before the browser is remembered): a browser without the account's
 * device cookie is new, and the person is told, by e-mail always, when the account is in use
 * elsewhere (another session). An account's first sign-in, with nothing to compare, tells nobody.
 */
export async function noticeNewSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  signedIn: { userId: string; email: string; token: string },
) {
  if (trustedDeviceOf(request, app.config.deviceCookieSecret, signedIn.email)) return;
  const [other] = await app.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, signedIn.userId), ne(sessions.tokenHash, hashToken(signedIn.token))))
    .limit(1);
  if (!other) return;
  const device = describeDevice(request.headers['user-agent'], request.ip);
  await app.db.transaction((tx) => notify(app.db, tx, securityNotice('new_sign_in', signedIn.userId, { device })));
}
