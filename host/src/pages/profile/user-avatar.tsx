import { identity } from '@atrium/api-client';
import { Avatar } from '@atrium/ui';

interface AvatarUser {
  id: string;
  firstName: string;
  lastName: string;
  picture?: string | null;
  profilePicture?: string | null;
  hasPicture?: boolean;
}

export function initialsOf(u: { firstName?: string; lastName?: string } | null | undefined): string {
  return `${u?.firstName?.[0] ?? ''}${u?.lastName?.[0] ?? ''}`.toUpperCase() || '?';
}

/**
 * A user's picture (GET /users/{id}/picture/medium) or their initials. The picture value changes with every
 * upload, so it doubles as the cache-buster; a missing picture (404) falls back to the initials quietly.
 */
export function UserAvatar({ user, size = 'md' }: { user: AvatarUser; size?: number | string }) {
  const version = user.picture ?? user.profilePicture ?? null;
  const has = user.hasPicture ?? Boolean(version);
  return (
    <Avatar
      src={has ? identity.pictureUrl(user.id, version ?? undefined) : null}
      alt={`${user.firstName} ${user.lastName}`}
      color="atrium"
      radius="xl"
      size={size}
    >
      {initialsOf(user)}
    </Avatar>
  );
}
