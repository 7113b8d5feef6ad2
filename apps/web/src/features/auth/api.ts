import {
  type PasswordResetConfirmBody,
  passwordResetEndpoints,
  sessionEndpoints,
  type TwoFactorLoginBody,
  twoFactorEndpoints,
  UI_TEXT,
  userEndpoints,
} from '@smart/contracts';
import { api } from '@/lib/api-client';

/** Session calls (accounts). Errors carry UI_TEXT's fallback texts. */

const signInFailure = { failMessage: UI_TEXT.loginFailed, networkErrorMessage: UI_TEXT.loginNetworkError };

/** The password step: a session, or (an account with a second factor) a challenge for its code. */
export function loginRequest(email: string, password: string) {
  return api(sessionEndpoints.signIn, { body: { email, password } }, signInFailure);
}

/** The code step of a sign-in with a second factor: a session, as the password step gives one without. */
export function secondFactorLoginRequest(body: TwoFactorLoginBody) {
  return api(twoFactorEndpoints.signIn, { body }, signInFailure);
}

export function logoutRequest() {
  return api(sessionEndpoints.signOut);
}

/** The signed-in user, as the auth layer fetches it at startup. */
export function fetchSessionUser(signal?: AbortSignal) {
  return api(
    userEndpoints.profile,
    {},
    {
      requireToken: true,
      failMessage: UI_TEXT.getProfileFailed,
      networkErrorMessage: UI_TEXT.profileNetworkError,
      ...(signal ? { signal } : {}),
    },
  );
}

/** Sets a new password with the token of a mailed reset link. */
export function confirmPasswordReset(body: PasswordResetConfirmBody) {
  return api(passwordResetEndpoints.confirm, { body }, { failMessage: UI_TEXT.resetPasswordFailed });
}
