import { sessionEndpoints as endpoints, UI_TEXT } from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import { ok, okMessage } from '../../lib/envelope.js';
import type { LoginThrottle } from '../../lib/login-throttle.js';
import { addRoute } from '../../lib/route.js';
import { requireSession } from '../../plugins/auth.js';
import { disconnectSessions } from '../../plugins/realtime.js';
import { noticeNewSignIn, rememberDevice, trustedDeviceOf } from '../session-store/index.js';
import { loadUserRecord, presentUser } from '../users/index.js';
import { changePassword, revokeSession, signIn } from './service.js';
import { signInLimits } from './sign-in-limits.js';

export async function sessionRoutes(app: FastifyInstance, options: { throttle: LoginThrottle }) {
  const limits = signInLimits(options.throttle, app.config.loginFailureBudget);
  const deviceSecret = app.config.deviceCookieSecret;

  addRoute(app, endpoints.signIn, async (request, reply) => {
    const { email } = request.body;
    const client = { address: request.ip, device: trustedDeviceOf(request, deviceSecret, email) };
    const signedIn = await signIn(app.db, limits, request.body, client, app.config.sessionTtlMs);
    // A browser is remembered once the whole sign-in succeeded: for a second factor, after its code.
    if ('challengeToken' in signedIn) {
      return ok({ twoFactorRequired: true as const, challengeToken: signedIn.challengeToken });
    }
    await noticeNewSignIn(app, request, { userId: signedIn.userId, email, token: signedIn.token });
    rememberDevice(request, reply, deviceSecret, email);
    const record = await loadUserRecord(app.db, signedIn.userId);
    return ok({ token: signedIn.token, user: presentUser(record, record.user) });
  });

  addRoute(
    app,
    endpoints.signOut,
    async (request) => {
      const session = requireSession(request);
      await revokeSession(app.db, session.id);
      disconnectSessions(app, [session.id]);
      return okMessage(UI_TEXT.signedOut);
    },
    { config: { duringTwoFactorSetup: true } },
  );

  addRoute(
    app,
    endpoints.changePassword,
    async (request) => {
      const revoked = await changePassword(app.db, options.throttle, requireSession(request), request.body);
      disconnectSessions(app, revoked);
      return okMessage(UI_TEXT.passwordChanged);
    },
    { config: { writeLimit: 'passwordChanges' } },
  );
}
