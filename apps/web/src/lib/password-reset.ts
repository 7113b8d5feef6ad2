import { MESSAGES } from '@smart/contracts';
import { apiClient } from './api-client';

/** Asks for a reset link to this address; shared by 'Forgot Password?' and the profile's 'Reset password by email'. */
export function requestPasswordReset(email: string): Promise<unknown> {
  return apiClient.post(
    '/api/users/password-reset/request',
    { email },
    { failMessage: MESSAGES.requestPasswordResetFailed },
  );
}
