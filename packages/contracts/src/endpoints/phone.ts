import { endpoint } from '../endpoint.js';
import { envelope, errorResponse, messageEnvelope } from '../schemas/common.js';
import { notificationSettingsSchema, phoneConfirmBody } from '../schemas/notifications.js';

const tags = ['Accounts'];

/** Verifying the profile's phone number with a code sent to it by SMS: SMS go only to a verified number. */
export const phoneEndpoints = {
  sendCode: endpoint({
    method: 'POST',
    path: '/api/users/phone/verification',
    operationId: 'sendPhoneCode',
    scope: 'never',
    tags,
    summary: 'Send a 6-digit code by SMS to own profile phone (a new one at most once a minute)',
    responses: { 200: messageEnvelope, 400: errorResponse, 429: errorResponse },
  }),
  confirmCode: endpoint({
    method: 'POST',
    path: '/api/users/phone/verification/confirm',
    operationId: 'confirmPhoneCode',
    scope: 'never',
    tags,
    summary: 'Type back the code: own phone becomes verified; returns the notification settings',
    body: phoneConfirmBody,
    responses: { 200: envelope(notificationSettingsSchema), 400: errorResponse },
  }),
};
