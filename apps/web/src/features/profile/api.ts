import { type ChangePasswordBody, MESSAGES, type ProfileUpdateBody, type User } from '@smart/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/features/auth';
import { apiClient } from '@/lib/api-client';
import { requestPasswordReset } from '@/lib/password-reset';
import { uploadImage } from '@/lib/upload-image';

export function getProfile(): Promise<User> {
  return apiClient.get<User>('/api/users/profile', {
    requireToken: true,
    failMessage: MESSAGES.fetchUserProfileFailed,
  });
}

export function updateProfile(body: ProfileUpdateBody, failMessage: string = MESSAGES.updateProfileFailed) {
  return apiClient.put<User>('/api/users/profile', body, {
    requireToken: true,
    failMessage,
    networkErrorMessage: MESSAGES.updateProfileNetworkError,
  });
}

export function changePassword(body: ChangePasswordBody): Promise<unknown> {
  return apiClient.put('/api/users/change-password', body, {
    requireToken: true,
    failMessage: MESSAGES.changePasswordFailed,
    networkErrorMessage: MESSAGES.changePasswordNetworkError,
  });
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

/** Upload the picture, then save its URL as meta.profileImage (spec section 7, file upload). */
export function useUploadProfileImage() {
  const accept = useAcceptUpdatedUser();
  return useMutation({
    mutationFn: async (file: File) => {
      const uploaded = await uploadImage(file, { requireToken: true, failMessage: MESSAGES.uploadProfileImageFailed });
      return updateProfile({ meta: { profileImage: uploaded.fileUrl } }, MESSAGES.updateProfileWithImageFailed);
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
