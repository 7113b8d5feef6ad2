import { UI_TEXT } from '@smart/contracts';
import { ApiError } from '@/lib/api-client';

/** What the sign-in screen shows for a failed attempt (login). */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return UI_TEXT.loginNetworkError;
    return error.message || UI_TEXT.invalidCredentials;
  }
  return UI_TEXT.unexpectedError;
}
