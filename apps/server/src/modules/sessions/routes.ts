import {
  changePasswordBody,
  errorResponse,
  loginBody,
  loginResponse,
  MESSAGES,
  messageEnvelope,
} from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okMessage } from '../../lib/envelope.js';
import type { LoginThrottle } from '../../lib/login-throttle.js';
import { requireSession } from '../../plugins/auth.js';
import { disconnectSessions } from '../../plugins/realtime.js';
import { presentUser } from '../users/presenter.js';
import { loadUserRecord } from '../users/service.js';
import { rememberDevice, trustedDeviceOf } from './device-cookie.js';
import { noticeNewSignIn } from './new-sign-in.js';
import { changePassword, revokeSession, signIn } from './service.js';
import { signInLimits } from './sign-in-limits.js';

const tags = ['Accounts'];

export async function sessionRoutes(
  fastify: FastifyInstance,
  options: { throttle: LoginThrottle; sessionTtlMs: number },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limits = signInLimits(options.throttle, app.config.loginFailureBudget);
  const deviceSecret = app.config.deviceCookieSecret;

  app.post(
    '/api/users/login',
    {
      config: { public: true },
      schema: {
        operationId: 'signIn',
        tags,
        summary:
          'Sign in with e-mail and password; returns a bearer token, or, for an account with two-factor sign-in, a challenge for POST /api/users/login/2fa',
        body: loginBody,
        response: { 200: loginResponse, 401: errorResponse, 403: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      const client = { address: request.ip, device: trustedDeviceOf(request, deviceSecret, email) };
      const signedIn = await signIn(app.db, limits, request.body, client, options.sessionTtlMs);
      // A browser is remembered once the whole sign-in succeeded: for a second factor, after its code.
      if ('challengeToken' in signedIn) {
        return ok({ twoFactorRequired: true as const, challengeToken: signedIn.challengeToken });
      }
      await noticeNewSignIn(app, request, { userId: signedIn.userId, email, token: signedIn.token });
      rememberDevice(request, reply, deviceSecret, email);
      const record = await loadUserRecord(app.db, signedIn.userId);
      return ok({ token: signedIn.token, user: presentUser(record, record.user) });
    },
  );

  app.post(
    '/api/users/logout',
    {
      config: { duringTwoFactorSetup: true },
      schema: {
        operationId: 'signOut',
        tags,
        summary: 'End this session (the token stops working)',
        response: { 200: messageEnvelope },
      },
    },
    async (request) => {
      const session = requireSession(request);
      await revokeSession(app.db, session.id);
      disconnectSessions(app, [session.id]);
      return okMessage(MESSAGES.signedOut);
    },
  );

  app.put(
    '/api/users/change-password',
    {
      schema: {
        operationId: 'changePassword',
        tags,
        summary: 'Change own password; every other session of the user is signed out',
        body: changePasswordBody,
        response: { 200: messageEnvelope, 429: errorResponse },
      },
      config: { writeLimit: 'passwordChanges' },
    },
    async (request) => {
      const revoked = await changePassword(app.db, options.throttle, requireSession(request), request.body);
      disconnectSessions(app, revoked);
      return okMessage(MESSAGES.passwordChanged);
    },
  );
}
