import { endpoint } from '../endpoint.js';
import { envelope, errorResponse, idParams } from '../schemas/common.js';
import {
  recoveryCodesResponse,
  secondFactorBody,
  twoFactorConfirmBody,
  twoFactorDisableBody,
  twoFactorLoginBody,
  twoFactorSetupResponse,
} from '../schemas/two-factor.js';
import { sessionResponse, userSchema } from '../schemas/users.js';

const tags = ['Two-factor sign-in'];
const userEnvelope = envelope(userSchema);

/**
 * Two-factor sign-in: the code step of signing in, setting up, turning off and new recovery codes
 * on one's own account, and an admin's reset.
 */
export const twoFactorEndpoints = {
  signIn: endpoint({
    method: 'POST',
    path: '/api/users/login/2fa',
    operationId: 'signInWithSecondFactor',
    tags,
    summary:
      'Second step of a sign-in with two-factor: the challenge token and a code (or a recovery code); answers as a sign-in does',
    body: twoFactorLoginBody,
    responses: { 200: sessionResponse, 401: errorResponse, 403: errorResponse, 429: errorResponse },
    public: true,
  }),
  beginSetup: endpoint({
    method: 'POST',
    path: '/api/users/2fa/setup',
    operationId: 'beginTwoFactorSetup',
    scope: 'never',
    tags,
    summary:
      'Start setting up an authenticator app: a new secret (as text and as the otpauth:// link for a QR code), confirmed by a code',
    responses: { 200: twoFactorSetupResponse, 409: errorResponse },
  }),
  confirmSetup: endpoint({
    method: 'POST',
    path: '/api/users/2fa/confirm',
    operationId: 'confirmTwoFactorSetup',
    scope: 'never',
    tags,
    summary: 'Turn two-factor sign-in on with a code of the new secret; answers the recovery codes, shown once',
    body: twoFactorConfirmBody,
    responses: { 200: recoveryCodesResponse, 409: errorResponse, 429: errorResponse },
  }),
  disable: endpoint({
    method: 'POST',
    path: '/api/users/2fa/disable',
    operationId: 'disableTwoFactor',
    scope: 'never',
    tags,
    summary: 'Turn two-factor sign-in off with the password and a code (or a recovery code)',
    body: twoFactorDisableBody,
    responses: { 200: userEnvelope, 409: errorResponse, 429: errorResponse },
  }),
  regenerateRecoveryCodes: endpoint({
    method: 'POST',
    path: '/api/users/2fa/recovery-codes',
    operationId: 'regenerateRecoveryCodes',
    scope: 'never',
    tags,
    summary: 'A new set of recovery codes for a code (or a recovery code); the old set stops working',
    body: secondFactorBody,
    responses: { 200: recoveryCodesResponse, 409: errorResponse, 429: errorResponse },
  }),
  reset: endpoint({
    method: 'DELETE',
    path: '/api/users/:id/2fa',
    operationId: 'resetTwoFactor',
    scope: 'never',
    tags,
    summary: "Reset a person's two-factor sign-in, e.g. after a lost phone (admin); the person is told by e-mail",
    params: idParams,
    responses: { 200: userEnvelope, 400: errorResponse, 403: errorResponse, 409: errorResponse },
  }),
};
