import {
  type ChangePasswordBody,
  type ProfileUpdateBody,
  type SecondFactorBody,
  sessionEndpoints,
  type TwoFactorDisableBody,
  twoFactorEndpoints,
  UI_TEXT,
  type User,
  userEndpoints,
} from '@smart/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/features/auth';
import { api } from '@/lib/api-client';
import { requestPasswordReset } from '@/lib/password-reset';
import { uploadImage } from '@/lib/upload-image';

export function getProfile() {
  return api(userEndpoints.profile, {}, { requireToken: true, failMessage: UI_TEXT.fetchUserProfileFailed });
}

export function updateProfile(body: ProfileUpdateBody, failMessage: string = UI_TEXT.updateProfileFailed) {
  return api(
    userEndpoints.updateProfile,
    { body },
    { requireToken: true, failMessage, networkErrorMessage: UI_TEXT.updateProfileNetworkError },
  );
}

export function changePassword(body: ChangePasswordBody) {
  return api(
    sessionEndpoints.changePassword,
    { body },
    {
      requireToken: true,
      failMessage: UI_TEXT.changePasswordFailed,
      networkErrorMessage: UI_TEXT.changePasswordNetworkError,
    },
  );
}

export const profileQueries = {
  all: () => ['profile'] as const,
  current: () => queryOptions({ queryKey: [...profileQueries.all(), 'current'], queryFn: getProfile }),
};

export function useProfile() {
  return useQuery(profileQueries.current());
}

/** After any profile change the returned user replaces the cached profile and the session's user. */
function useAcceptUpdatedUser() {
  const queryClient = useQueryClient();
  const { replaceUser } = useAuth();
  return (user: User) => {
    queryClient.setQueryData(profileQueries.current().queryKey, user);
    replaceUser(user);
  };
}

export function useUpdateProfile() {
  const accept = useAcceptUpdatedUser();
  return useMutation({ mutationFn: (body: ProfileUpdateBody) => updateProfile(body), onSuccess: accept });
}

/** Upload the picture, then save its URL as meta.profileImage (file upload). */
export function useUploadProfileImage() {
  const accept = useAcceptUpdatedUser();
  return useMutation({
    mutationFn: async (file: File) => {
      const uploaded = await uploadImage(file, { requireToken: true, failMessage: UI_TEXT.uploadProfileImageFailed });
      return updateProfile({ meta: { profileImage: uploaded.fileUrl } }, UI_TEXT.updateProfileWithImageFailed);
    },
    onSuccess: accept,
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

/** 'Reset password by email': a one-time link to the signed-in user's own address. */
export function useMailPasswordResetLink() {
  return useMutation({ mutationFn: requestPasswordReset });
}

// Two-factor sign-in on one's own account.

const twoFactorCall = (failMessage: string) => ({ requireToken: true, failMessage });

export function beginTwoFactorSetup() {
  return api(twoFactorEndpoints.beginSetup, {}, twoFactorCall(UI_TEXT.twoFactorSetupFailed));
}

export function confirmTwoFactorSetup(code: string) {
  return api(twoFactorEndpoints.confirmSetup, { body: { code } }, twoFactorCall(UI_TEXT.twoFactorSetupFailed));
}

export function disableTwoFactor(body: TwoFactorDisableBody) {
  return api(twoFactorEndpoints.disable, { body }, twoFactorCall(UI_TEXT.twoFactorDisableFailed));
}

export function regenerateRecoveryCodes(proof: SecondFactorBody) {
  return api(twoFactorEndpoints.regenerateRecoveryCodes, { body: proof }, twoFactorCall(UI_TEXT.recoveryCodesFailed));
}

/** A new secret to scan; asked again each time the set-up starts. */
export function useBeginTwoFactorSetup() {
  return useMutation({ mutationFn: beginTwoFactorSetup });
}

/**
 * The code that turns it on. The user is not replaced here: the recovery codes must be shown (and
 * saved) first, and a replaced user would end a required set-up at once; `useTwoFactorSetupDone` does it.
 */
export function useConfirmTwoFactorSetup() {
  return useMutation({ mutationFn: confirmTwoFactorSetup });
}

/** After "I saved them": the profile and the session's user are read again (two-factor now on). */
export function useTwoFactorSetupDone() {
  const accept = useAcceptUpdatedUser();
  return useMutation({ mutationFn: getProfile, onSuccess: accept });
}

export function useDisableTwoFactor() {
  const accept = useAcceptUpdatedUser();
  return useMutation({ mutationFn: disableTwoFactor, onSuccess: accept });
}

export function useRegenerateRecoveryCodes() {
  return useMutation({ mutationFn: regenerateRecoveryCodes });
}
