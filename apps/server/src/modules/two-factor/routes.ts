import {
  envelope,
  errorResponse,
  idParams,
  recoveryCodesResponse,
  secondFactorBody,
  sessionResponse,
  twoFactorConfirmBody,
  twoFactorDisableBody,
  twoFactorLoginBody,
  twoFactorSetupResponse,
  userSchema,
} from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import type { LoginThrottle } from '../../lib/login-throttle.js';
import { requireUser } from '../../plugins/auth.js';
import { rememberDevice } from '../sessions/device-cookie.js';
import { noticeNewSignIn } from '../sessions/new-sign-in.js';
import { presentUser } from '../users/presenter.js';
import { loadUserRecord } from '../users/service.js';
import { loadTwoFactorKey, twoFactorKeys } from './keys.js';
import { completeTwoFactorSignIn } from './login.js';
import { mailTwoFactorChange, type TwoFactorChange } from './mail.js';
import type { TwoFactorDeps } from './second-factor.js';
import { beginSetup, confirmSetup, disable, regenerateRecoveryCodes, resetSecondFactor } from './service.js';

const tags = ['Two-factor sign-in'];
const userEnvelope = envelope(userSchema);

/**
 * Two-factor sign-in: the code step of signing in, setting up, turning off and new recovery codes
 * on one's own account, and an admin's reset. `throttle` counts wrong codes per account.
 */
export async function twoFactorRoutes(
  fastify: FastifyInstance,
  options: { throttle: LoginThrottle; sessionTtlMs: number },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { key, createdFile } = await loadTwoFactorKey(app.config);
  if (createdFile) app.log.info({ file: createdFile }, 'made the two-factor encryption key; back it up with the data');
  const deps: TwoFactorDeps = { db: app.db, keys: twoFactorKeys(key), throttle: options.throttle, now: app.clock };

  // Each change is told to the person by e-mail, as a job: the answer does not wait for the mail.
  const sendChangeMail = await app.jobs.define<{ userId: string; change: TwoFactorChange }>(
    'two-factor-change-mail',
    ({ userId, change }) => mailTwoFactorChange(app.db, app.mailer, userId, change),
  );

  app.post(
    '/api/users/login/2fa',
    {
      config: { public: true },
      schema: {
        operationId: 'signInWithSecondFactor',
        tags,
        summary:
          'Second step of a sign-in with two-factor: the challenge token and a code (or a recovery code); answers as a sign-in does',
        body: twoFactorLoginBody,
        response: { 200: sessionResponse, 401: errorResponse, 403: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      // The session of a sign-in with a second factor begins in completeTwoFactorSignIn.
      const { userId, token } = await completeTwoFactorSignIn(deps, request.body, options.sessionTtlMs);
      const record = await loadUserRecord(app.db, userId);
      // The whole sign-in succeeded: told if the browser is new, then remembered (sessions/device-cookie.ts).
      await noticeNewSignIn(app, request, { userId, email: record.user.email, token });
      rememberDevice(request, reply, app.config.deviceCookieSecret, record.user.email);
      return ok({ token, user: presentUser(record, record.user) });
    },
  );

  app.post(
    '/api/users/2fa/setup',
    {
      config: { duringTwoFactorSetup: true },
      schema: {
        operationId: 'beginTwoFactorSetup',
        tags,
        summary:
          'Start setting up an authenticator app: a new secret (as text and as the otpauth:// link for a QR code), confirmed by a code',
        response: { 200: twoFactorSetupResponse, 409: errorResponse },
      },
    },
    async (request) => ok(await beginSetup(deps, requireUser(request))),
  );

  app.post(
    '/api/users/2fa/confirm',
    {
      config: { duringTwoFactorSetup: true },
      schema: {
        operationId: 'confirmTwoFactorSetup',
        tags,
        summary: 'Turn two-factor sign-in on with a code of the new secret; answers the recovery codes, shown once',
        body: twoFactorConfirmBody,
        response: { 200: recoveryCodesResponse, 409: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const recoveryCodes = await confirmSetup(deps, actor, request.body.code);
      await sendChangeMail({ userId: actor.id, change: 'enabled' });
      return ok({ recoveryCodes });
    },
  );

  app.post(
    '/api/users/2fa/disable',
    {
      schema: {
        operationId: 'disableTwoFactor',
        tags,
        summary: 'Turn two-factor sign-in off with the password and a code (or a recovery code)',
        body: twoFactorDisableBody,
        response: { 200: userEnvelope, 409: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const record = await disable(deps, actor, request.body);
      await sendChangeMail({ userId: actor.id, change: 'disabled' });
      return ok(presentUser(record, actor));
    },
  );

  app.post(
    '/api/users/2fa/recovery-codes',
    {
      schema: {
        operationId: 'regenerateRecoveryCodes',
        tags,
        summary: 'A new set of recovery codes for a code (or a recovery code); the old set stops working',
        body: secondFactorBody,
        response: { 200: recoveryCodesResponse, 409: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const recoveryCodes = await regenerateRecoveryCodes(deps, actor, request.body);
      await sendChangeMail({ userId: actor.id, change: 'recovery-codes' });
      return ok({ recoveryCodes });
    },
  );

  app.delete(
    '/api/users/:id/2fa',
    {
      schema: {
        operationId: 'resetTwoFactor',
        tags,
        summary: "Reset a person's two-factor sign-in, e.g. after a lost phone (admin); the person is told by e-mail",
        params: idParams,
        response: { 200: userEnvelope, 400: errorResponse, 403: errorResponse, 409: errorResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const record = await resetSecondFactor(app.db, actor, request.params.id);
      await sendChangeMail({ userId: record.user.id, change: 'reset' });
      return ok(presentUser(record, actor));
    },
  );
}
