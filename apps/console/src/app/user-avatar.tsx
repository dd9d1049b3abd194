import { Avatar, type AvatarProps } from '@mantine/core';
import type { TAuthUser } from '@swipe/contracts/auth';
import { useObjectUrl, useProfilePicture } from './profile-picture';

export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => [...part][0]?.toUpperCase() ?? '')
    .join('');

/** The signed-in user's profile picture, or their initials while none is set. */
export function UserAvatar({
  user,
  testId,
  ...props
}: { user: Pick<TAuthUser, 'id' | 'name'>; testId?: string } & Omit<AvatarProps, 'src'>) {
  const picture = useProfilePicture(user.id);
  const src = useObjectUrl(picture.data);
  return (
    <Avatar
      radius="xl"
      color="brand"
      variant="light"
      {...props}
      src={src}
      alt={user.name}
      data-testid={testId}
      data-has-picture={src ? 'true' : 'false'}
    >
      {initialsOf(user.name)}
    </Avatar>
  );
}
