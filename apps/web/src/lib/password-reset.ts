import { passwordResetEndpoints, UI_TEXT } from '@smart/contracts';
import { api } from './api-client';

/** Asks for a reset link to this address; shared by 'Forgot Password?' and the profile's 'Reset password by email'. */
export function requestPasswordReset(email: string) {
  return api(passwordResetEndpoints.request, { body: { email } }, { failMessage: UI_TEXT.requestPasswordResetFailed });
}
