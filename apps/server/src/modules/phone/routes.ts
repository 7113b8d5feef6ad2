import {
  envelope,
  errorResponse,
  MESSAGES,
  messageEnvelope,
  notificationSettingsSchema,
  phoneConfirmBody,
} from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { requireUser } from '../../plugins/auth.js';
import { smsSenderFromConfig } from '../../sms/sender.js';
import { confirmPhoneCode, sendPhoneCode } from './service.js';

const tags = ['Accounts'];

/** Verifying the profile's phone number with a code sent to it by SMS: SMS go only to a verified number. */
export async function phoneRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const sender = smsSenderFromConfig(app.config.notifications);

  app.post(
    '/api/users/phone/verification',
    {
      schema: {
        operationId: 'sendPhoneCode',
        tags,
        summary: 'Send a 6-digit code by SMS to own profile phone (a new one at most once a minute)',
        response: { 200: messageEnvelope, 400: errorResponse, 429: errorResponse },
      },
      config: { writeLimit: 'phoneCodes' },
    },
    async (request) => {
      await sendPhoneCode(app.db, sender, requireUser(request).id);
      return { success: true as const, message: MESSAGES.phoneCodeSent };
    },
  );

  app.post(
    '/api/users/phone/verification/confirm',
    {
      schema: {
        operationId: 'confirmPhoneCode',
        tags,
        summary: 'Type back the code: own phone becomes verified; returns the notification settings',
        body: phoneConfirmBody,
        response: { 200: envelope(notificationSettingsSchema), 400: errorResponse },
      },
    },
    async (request) => ok(await confirmPhoneCode(app.db, requireUser(request).id, request.body.code)),
  );
}
