import { Avatar, type AvatarProps } from '@mantine/core';
import { displayName, initials, type User, type UserSummary } from '@smart/contracts';
import { profileImageOf } from '@/lib/user-avatar';

interface UserAvatarProps extends Omit<AvatarProps, 'src' | 'alt' | 'children'> {
  /** A signed-in user or a user summary inside a record (a comment's author). */
  user: User | UserSummary | null | undefined;
}

/** Profile image, else the user's initials, else 'U' (page frame). */
export function UserAvatar({ user, ...props }: UserAvatarProps) {
  const src = profileImageOf(user);
  return (
    <Avatar src={src} alt={src ? displayName(user) : undefined} color="slate" {...props}>
      {initials(user)}
    </Avatar>
  );
}
