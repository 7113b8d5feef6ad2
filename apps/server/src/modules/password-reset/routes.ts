import {
  passwordResetEndpoints as endpoints,
  PASSWORD_RESET_MAX_PER_EMAIL,
  PASSWORD_RESET_MAX_PER_IP,
  UI_TEXT,
} from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.js';
import type { LoginThrottle } from '../../lib/login-throttle.js';
import { addRoute } from '../../lib/route.js';
import { disconnectSessions } from '../../plugins/realtime.js';
import { mailResetLink, mailWelcomeLink, resetPassword, WELCOME_MAIL_QUEUE, type WelcomeMailJob } from './service.js';

/** Reset by e-mail: a public request for a link (answered alike whether the address exists) and its use. */
export async function passwordResetRoutes(app: FastifyInstance, options: { throttle: LoginThrottle }) {
  const sendResetMail = await app.jobs.define<{ email: string }>('password-reset-mail', ({ email }) =>
    mailResetLink(app.db, app.mailer, app.config.appUrl, email),
  );
  // Queued by the transaction that adds a member without a password (modules/imports).
  await app.jobs.define<WelcomeMailJob>(WELCOME_MAIL_QUEUE, (job) =>
    mailWelcomeLink(app.db, app.mailer, app.config.appUrl, job),
  );

  /** Counted per client and per address, whether or not the address has an account. */
  async function refuseFloods(ip: string, email: string) {
    const flooded =
      (await options.throttle.attempt(`ip:${ip}`)).count > PASSWORD_RESET_MAX_PER_IP ||
      (await options.throttle.attempt(`email:${email}`)).count > PASSWORD_RESET_MAX_PER_EMAIL;
    if (flooded) throw new AppError('RATE_LIMITED', UI_TEXT.tooManyPasswordResets);
  }

  addRoute(app, endpoints.request, async (request) => {
    await refuseFloods(request.ip, request.body.email);
    await sendResetMail({ email: request.body.email });
    return { success: true as const, message: UI_TEXT.passwordResetRequested };
  });

  addRoute(app, endpoints.confirm, async (request) => {
    disconnectSessions(app, await resetPassword(app.db, request.body));
    return { success: true as const, message: UI_TEXT.passwordResetDone };
  });
}
