import { MESSAGES, type User } from '@smart/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from './api-client';

/** DELETE /api/users/{id}/2fa (admin): someone who lost their phone signs in with the password again. */
export function resetTwoFactor(userId: string): Promise<User> {
  return apiClient.delete<User>(`/api/users/${encodeURIComponent(userId)}/2fa`, {
    failMessage: MESSAGES.twoFactorResetFailed,
  });
}

/** The reset; `onReset` refreshes whatever list the page shows the person in. */
export function useResetTwoFactor(onReset: () => unknown) {
  return useMutation({ mutationFn: resetTwoFactor, onSuccess: onReset });
}
