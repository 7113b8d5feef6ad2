import {
  type LoginData,
  MESSAGES,
  type PasswordResetConfirmBody,
  type SessionData,
  type TwoFactorLoginBody,
  type User,
} from '@smart/contracts';
import { apiClient } from '@/lib/api-client';

/** Session calls (spec section 7, accounts). Errors carry the spec's fallback texts. */

const signInFailure = { failMessage: MESSAGES.loginFailed, networkErrorMessage: MESSAGES.loginNetworkError };

/** The password step: a session, or (an account with a second factor) a challenge for its code. */
export function loginRequest(email: string, password: string): Promise<LoginData> {
  return apiClient.post<LoginData>('/api/users/login', { email, password }, signInFailure);
}

/** The code step of a sign-in with a second factor: a session, as the password step gives one without. */
export function secondFactorLoginRequest(body: TwoFactorLoginBody): Promise<SessionData> {
  return apiClient.post<SessionData>('/api/users/login/2fa', body, signInFailure);
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
