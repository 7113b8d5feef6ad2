import type { User } from '@smart/contracts';

/** The profile picture, wherever the server put it (meta first: that is where uploads are saved). */
export function profileImageOf(
  user: Partial<Pick<User, 'meta' | 'profileImage' | 'profile'>> | null | undefined,
): string | null {
  if (!user) return null;
  return user.meta?.profileImage || user.profileImage || user.profile?.profileImage || null;
}
