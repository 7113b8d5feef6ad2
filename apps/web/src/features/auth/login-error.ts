import { MESSAGES } from '@smart/contracts';
import { ApiError } from '@/lib/api-client';

/** What the sign-in screen shows for a failed attempt (spec section 8, login). */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return MESSAGES.loginNetworkError;
    return error.message || MESSAGES.invalidCredentials;
  }
  return MESSAGES.unexpectedError;
}
