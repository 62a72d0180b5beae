import type { ApiClient } from '@atrium/api-client';
import { API_ROOT } from '@atrium/contracts';
import {
  INTERCOM_REFRESH_BEFORE_S,
  type ChatChannel,
  type ChatChannelUpdate,
  type ChatHistory,
  type ChatHistoryQuery,
  type ChatMessage,
  type ChatOverview,
  type IntercomJwtAnswer,
} from '../chat';

const enc = encodeURIComponent;

/** Typed calls for the team chat and the help chat's token (docs/requirements.md "Chat"). */
export function chatApi(client: ApiClient, now: () => number = Date.now) {
  let intercom: { token: string; until: number } | null = null;
  return {
    overview: async (options?: { signal?: AbortSignal }) =>
      (await client.get<{ data: ChatOverview }>('chat', undefined, options)).data,
    unreadCount: async (options?: { signal?: AbortSignal }) =>
      (await client.get<{ count: number }>('chat/unread/count', undefined, options)).count,
    history: (channelId: string, query: ChatHistoryQuery = {}, options?: { signal?: AbortSignal }) =>
      client.get<ChatHistory>(`chat/channels/${enc(channelId)}/messages`, { ...query }, options),
    createChannel: async (name: string) => (await client.post<{ data: ChatChannel }>('chat/channels', { name })).data,
    updateChannel: async (id: string, input: ChatChannelUpdate) =>
      (await client.patch<{ data: ChatChannel }>(`chat/channels/${enc(id)}`, input)).data,
    openDm: async (userId: string) => (await client.post<{ data: ChatChannel }>('chat/dms', { userId })).data,
    post: async (channelId: string, body: string) =>
      (await client.post<{ data: ChatMessage }>(`chat/channels/${enc(channelId)}/messages`, { body })).data,
    edit: async (channelId: string, messageId: string, body: string) =>
      (
        await client.patch<{ data: ChatMessage }>(`chat/channels/${enc(channelId)}/messages/${enc(messageId)}`, {
          body,
        })
      ).data,
    remove: async (channelId: string, messageId: string) => {
      await client.delete(`chat/channels/${enc(channelId)}/messages/${enc(messageId)}`);
    },
    markRead: async (channelId: string) => {
      await client.put(`chat/channels/${enc(channelId)}/read`, {});
    },
    /** Where the open panel listens (EventSource with the session cookie). */
    streamUrl: `${API_ROOT}/chat/stream`,
    /**
     * The help chat's token, cached until INTERCOM_REFRESH_BEFORE_S before it expires (spec constants); `fresh`
     * asks again (after a profile change). Rejects with the API error when the help chat is not set up (404).
     */
    intercomToken: async (fresh = false): Promise<string> => {
      if (!fresh && intercom && now() < intercom.until) return intercom.token;
      const answer = await client.get<IntercomJwtAnswer>('intercom/jwt');
      intercom = {
        token: answer.intercom_user_jwt,
        until: now() + Math.max(0, answer.expires_in - INTERCOM_REFRESH_BEFORE_S) * 1000,
      };
      return intercom.token;
    },
  };
}
export type ChatApi = ReturnType<typeof chatApi>;
