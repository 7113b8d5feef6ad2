import { twoFactorEndpoints as endpoints } from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import type { LoginThrottle } from '../../lib/login-throttle.js';
import { addRoute } from '../../lib/route.js';
import { requireSession, requireUser } from '../../plugins/auth.js';
import { disconnectSessions } from '../../plugins/realtime.js';
import { noticeNewSignIn, rememberDevice, trustedDeviceOf } from '../session-store/index.js';
import { loadUserRecord, presentUser } from '../users/index.js';
import { loadTwoFactorKey, twoFactorKeys } from './keys.js';
import { completeTwoFactorSignIn } from './login.js';
import { mailTwoFactorChange, type TwoFactorChange } from './mail.js';
import type { TwoFactorDeps } from './second-factor.js';
import { beginSetup, confirmSetup, disable, regenerateRecoveryCodes, resetSecondFactor } from './service.js';

/**
 * Two-factor sign-in: the code step of signing in, setting up, turning off and new recovery codes
 * on one's own account, and an admin's reset. `throttle` counts wrong codes (second-factor.ts, login.ts).
 */
export async function twoFactorRoutes(app: FastifyInstance, options: { throttle: LoginThrottle }) {
  const { key, createdFile } = await loadTwoFactorKey(app.config);
  if (createdFile) app.log.info({ file: createdFile }, 'made the two-factor encryption key; back it up with the data');
  const deps: TwoFactorDeps = { db: app.db, keys: twoFactorKeys(key), throttle: options.throttle, now: app.clock };

  // Each change is told to the person by e-mail, as a job: the answer does not wait for the mail.
  const sendChangeMail = await app.jobs.define<{ userId: string; change: TwoFactorChange }>(
    'two-factor-change-mail',
    ({ userId, change }) => mailTwoFactorChange(app.db, app.mailer, userId, change),
  );

  addRoute(app, endpoints.signIn, async (request, reply) => {
    // The session of a sign-in with a second factor begins in completeTwoFactorSignIn.
    const client = {
      address: request.ip,
      userAgent: request.headers['user-agent'],
      deviceFor: (email: string) => trustedDeviceOf(request, app.config.deviceCookieSecret, email),
    };
    const { userId, token } = await completeTwoFactorSignIn(deps, request.body, client, app.config.sessionTtlMs);
    const record = await loadUserRecord(app.db, userId);
    // The whole sign-in succeeded: told if the browser is new, then remembered (session-store/device-cookie.ts).
    await noticeNewSignIn(app, request, { userId, email: record.user.email, token });
    rememberDevice(request, reply, app.config.deviceCookieSecret, record.user.email);
    return ok({ token, user: presentUser(record, record.user) });
  });

  addRoute(app, endpoints.beginSetup, async (request) => ok(await beginSetup(deps, requireUser(request))), {
    config: { duringTwoFactorSetup: true },
  });

  addRoute(
    app,
    endpoints.confirmSetup,
    async (request) => {
      const session = requireSession(request);
      const { recoveryCodes, endedSessionIds } = await confirmSetup(deps, session.user, session.id, request.body.code);
      disconnectSessions(app, endedSessionIds);
      await sendChangeMail({ userId: session.user.id, change: 'enabled' });
      return ok({ recoveryCodes });
    },
    { config: { duringTwoFactorSetup: true } },
  );

  addRoute(app, endpoints.disable, async (request) => {
    const actor = requireUser(request);
    const record = await disable(deps, actor, request.body);
    await sendChangeMail({ userId: actor.id, change: 'disabled' });
    return ok(presentUser(record, actor));
  });

  addRoute(app, endpoints.regenerateRecoveryCodes, async (request) => {
    const actor = requireUser(request);
    const recoveryCodes = await regenerateRecoveryCodes(deps, actor, request.body);
    await sendChangeMail({ userId: actor.id, change: 'recovery-codes' });
    return ok({ recoveryCodes });
  });

  addRoute(app, endpoints.reset, async (request) => {
    const actor = requireUser(request);
    const record = await resetSecondFactor(deps, actor, request.params.id);
    await sendChangeMail({ userId: record.user.id, change: 'reset' });
    return ok(presentUser(record, actor));
  });
}
