import { endpoint } from '../endpoint.js';
import { errorResponse, messageEnvelope } from '../schemas/common.js';
import { passwordResetConfirmBody, passwordResetRequestBody } from '../schemas/password-reset.js';

const tags = ['Accounts'];

/** Reset by e-mail: a public request for a link (answered alike whether the address exists) and its use. */
export const passwordResetEndpoints = {
  request: endpoint({
    method: 'POST',
    path: '/api/users/password-reset/request',
    operationId: 'requestPasswordReset',
    tags,
    summary: 'Mail a one-time reset link to an account; the answer is the same whether or not it exists',
    body: passwordResetRequestBody,
    responses: { 200: messageEnvelope, 429: errorResponse },
    public: true,
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/api/users/password-reset/confirm',
    operationId: 'confirmPasswordReset',
    tags,
    summary: 'Set a new password with the token of a reset link; every session of the account is signed out',
    body: passwordResetConfirmBody,
    responses: { 200: messageEnvelope },
    public: true,
  }),
};
