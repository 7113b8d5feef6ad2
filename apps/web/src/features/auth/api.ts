import { MESSAGES, type PasswordResetConfirmBody, type User } from '@smart/contracts';
import { apiClient } from '@/lib/api-client';

/** Session calls (spec section 7, accounts). Errors carry the spec's fallback texts. */

export interface LoginResult {
  token: string;
  user: User;
}

export function loginRequest(email: string, password: string): Promise<LoginResult> {
  return apiClient.post<LoginResult>(
    '/api/users/login',
    { email, password },
    { failMessage: MESSAGES.loginFailed, networkErrorMessage: MESSAGES.loginNetworkError },
  );
}

export function logoutRequest(): Promise<unknown> {
  return apiClient.post('/api/users/logout');
}

/** The signed-in user, as the auth layer fetches it at startup. */
export function fetchSessionUser(signal?: AbortSignal): Promise<User> {
  return apiClient.get<User>('/api/users/profile', {
    requireToken: true,
    failMessage: MESSAGES.getProfileFailed,
    networkErrorMessage: MESSAGES.profileNetworkError,
    ...(signal ? { signal } : {}),
  });
}

/** Sets a new password with the token of a mailed reset link. */
export function confirmPasswordReset(body: PasswordResetConfirmBody): Promise<unknown> {
  return apiClient.post('/api/users/password-reset/confirm', body, {
    failMessage: MESSAGES.resetPasswordFailed,
  });
}
