import {
  errorResponse,
  MESSAGES,
  messageEnvelope,
  PASSWORD_RESET_MAX_PER_EMAIL,
  PASSWORD_RESET_MAX_PER_IP,
  passwordResetConfirmBody,
  passwordResetRequestBody,
} from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.js';
import type { LoginThrottle } from '../../lib/login-throttle.js';
import { disconnectSessions } from '../../plugins/realtime.js';
import { mailResetLink, resetPassword } from './service.js';

const tags = ['Accounts'];

/** Reset by e-mail: a public request for a link (answered alike whether the address exists) and its use. */
export async function passwordResetRoutes(fastify: FastifyInstance, options: { throttle: LoginThrottle }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const sendResetMail = await app.jobs.define<{ email: string }>('password-reset-mail', ({ email }) =>
    mailResetLink(app.db, app.mailer, app.config.appUrl, email),
  );

  /** Counted per client and per address, whether or not the address has an account. */
  async function refuseFloods(ip: string, email: string) {
    const flooded =
      (await options.throttle.attempt(`ip:${ip}`)).count > PASSWORD_RESET_MAX_PER_IP ||
      (await options.throttle.attempt(`email:${email}`)).count > PASSWORD_RESET_MAX_PER_EMAIL;
    if (flooded) throw new AppError('RATE_LIMITED', MESSAGES.tooManyPasswordResets);
  }

  app.post(
    '/api/users/password-reset/request',
    {
      config: { public: true },
      schema: {
        tags,
        operationId: 'requestPasswordReset',
        summary: 'Mail a one-time reset link to an account; the answer is the same whether or not it exists',
        body: passwordResetRequestBody,
        response: { 200: messageEnvelope, 429: errorResponse },
      },
    },
    async (request) => {
      await refuseFloods(request.ip, request.body.email);
      await sendResetMail({ email: request.body.email });
      return { success: true as const, message: MESSAGES.passwordResetRequested };
    },
  );

  app.post(
    '/api/users/password-reset/confirm',
    {
      config: { public: true },
      schema: {
        tags,
        operationId: 'confirmPasswordReset',
        summary: 'Set a new password with the token of a reset link; every session of the account is signed out',
        body: passwordResetConfirmBody,
        response: { 200: messageEnvelope },
      },
    },
    async (request) => {
      disconnectSessions(app, await resetPassword(app.db, request.body));
      return { success: true as const, message: MESSAGES.passwordResetDone };
    },
  );
}
