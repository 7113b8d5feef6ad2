import { phoneEndpoints as endpoints, UI_TEXT } from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import type { LoginThrottle } from '../../lib/login-throttle.js';
import { addRoute } from '../../lib/route.js';
import { requireUser } from '../../plugins/auth.js';
import { confirmPhoneCode, sendPhoneCode } from './service.js';

/** Verifying the profile's phone number with a code sent to it by SMS: SMS go only to a verified number. */
export async function phoneRoutes(app: FastifyInstance, options: { throttle: LoginThrottle }) {
  const sender = app.sms;
  const budget = {
    throttle: options.throttle,
    smsDailyLimitPerOrganization: app.config.notifications.smsDailyLimitPerOrganization,
  };

  addRoute(
    app,
    endpoints.sendCode,
    async (request) => {
      await sendPhoneCode(app.db, sender, budget, requireUser(request).id);
      return { success: true as const, message: UI_TEXT.phoneCodeSent };
    },
    { config: { writeLimit: 'phoneCodes' } },
  );

  addRoute(app, endpoints.confirmCode, async (request) =>
    ok(await confirmPhoneCode(app.db, requireUser(request).id, request.body.code)),
  );
}
