import { Avatar } from '@atrium/ui';
import { identity } from '@atrium/domain-identity';

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

/** The user's `picture` is the server's URL of it (with a version that changes on every upload); else build it. */
export function pictureSrc(user: AvatarUser): string | null {
  const value = user.picture ?? user.profilePicture ?? null;
  if (value && /^(\/|https?:)/.test(value)) return value;
  if (value || user.hasPicture) return identity.pictureUrl(user.id, value ?? undefined);
  return null;
}

/**
 * A user's picture (GET /users/{id}/picture/medium) or their initials; a missing picture (404) falls back to
 * the initials quietly.
 */
export function UserAvatar({ user, size = 'md' }: { user: AvatarUser; size?: number | string }) {
  return (
    <Avatar src={pictureSrc(user)} alt={`${user.firstName} ${user.lastName}`} color="atrium" size={size}>
      {initialsOf(user)}
    </Avatar>
  );
}
