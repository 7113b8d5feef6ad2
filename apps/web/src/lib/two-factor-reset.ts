import { twoFactorEndpoints, UI_TEXT } from '@smart/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from './api-client';

/** An admin resets someone's second factor: who lost their phone signs in with the password again. */
function resetTwoFactor(userId: string) {
  return api(twoFactorEndpoints.reset, { params: { id: userId } }, { failMessage: UI_TEXT.twoFactorResetFailed });
}

/** The reset; `onReset` refreshes whatever list the page shows the person in. */
export function useResetTwoFactor(onReset: () => unknown) {
  return useMutation({ mutationFn: resetTwoFactor, onSuccess: onReset });
}
