import type { CommunityListQuery } from './community';

/* Every query key of the market domain, spelled once (no literal keys in apps). */

export const communityKeys = {
  all: ['communities'] as const,
  list: (query: CommunityListQuery) => ['communities', 'list', query] as const,
  one: (id: string) => ['communities', 'one', id] as const,
  members: (id: string) => ['communities', 'one', id, 'members'] as const,
  posts: (id: string, page: number) => ['communities', 'one', id, 'posts', page] as const,
  comments: (id: string, postId: string) => ['communities', 'one', id, 'comments', postId] as const,
  events: (id: string) => ['communities', 'one', id, 'events'] as const,
  event: (id: string, eventId: string) => ['communities', 'one', id, 'events', eventId] as const,
};

export const peopleKeys = {
  all: ['people'] as const,
  profile: (userId: string) => ['people', userId, 'profile'] as const,
  list: (userId: string, kind: 'friends' | 'followers' | 'following') => ['people', userId, kind] as const,
};
