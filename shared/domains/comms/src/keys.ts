import type { NotificationListQuery } from './notification';

/*
 * Every query key of the comms domain, spelled once (no literal keys in apps). Keys start with the entity, so
 * invalidating `.all` reaches every view of it.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (params: NotificationListQuery) => ['notifications', 'list', params] as const,
  unreadCount: ['notifications', 'unread-count'] as const,
  preferences: ['notifications', 'preferences'] as const,
};

export const gmailKeys = {
  all: ['gmail'] as const,
  status: ['gmail', 'status'] as const,
  projectThreads: (projectId: string) => ['gmail', 'project-threads', projectId] as const,
};
