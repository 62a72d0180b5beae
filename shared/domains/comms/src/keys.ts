import type { CampaignRecipientsQuery } from './campaigns';
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

export const emailTemplateKeys = {
  all: ['email-templates'] as const,
  list: ['email-templates', 'list'] as const,
  detail: (id: string) => ['email-templates', 'detail', id] as const,
};

export const campaignKeys = {
  all: ['email-campaigns'] as const,
  list: ['email-campaigns', 'list'] as const,
  detail: (id: string) => ['email-campaigns', 'detail', id] as const,
  recipients: (id: string, query: CampaignRecipientsQuery) => ['email-campaigns', 'recipients', id, query] as const,
  audienceCount: (audience: object) => ['email-campaigns', 'audience-count', audience] as const,
  unsubscribe: (token: string) => ['email-campaigns', 'unsubscribe', token] as const,
  audienceOptions: ['email-campaigns', 'audience-options'] as const,
};

export const chatKeys = {
  all: ['chat'] as const,
  overview: ['chat', 'overview'] as const,
  history: (channelId: string) => ['chat', 'history', channelId] as const,
};

export const automationKeys = {
  all: ['automations'] as const,
  list: ['automations', 'list'] as const,
  detail: (id: string) => ['automations', 'detail', id] as const,
  runs: (id: string) => ['automations', 'runs', id] as const,
  options: (businessId: string) => ['automations', 'options', businessId] as const,
};
