import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CHAT_PAGE_SIZE, CHAT_STREAM_EVENTS, chat, chatKeys, type ChatHistory } from '@atrium/domain-comms';
import { handleError } from '@atrium/ui';

/** The badge's refresh while the panel is closed (open, the live stream refreshes at once). */
export const CHAT_POLL_MS = 15_000;

export function useChatOverview(enabled: boolean, open: boolean) {
  return useQuery({
    queryKey: chatKeys.overview,
    queryFn: ({ signal }) => chat.overview({ signal }),
    refetchInterval: open ? false : CHAT_POLL_MS,
    enabled,
  });
}

/** The newest page of a channel (older pages are fetched by the conversation itself). */
export function useChatHistory(channelId: string | null) {
  return useQuery<ChatHistory>({
    queryKey: chatKeys.history(channelId ?? ''),
    queryFn: ({ signal }) => chat.history(channelId!, { limit: CHAT_PAGE_SIZE }, { signal }),
    enabled: channelId !== null,
  });
}

/**
 * The open panel's live stream (GET /chat/stream): each `chat` event refreshes the overview and that channel's
 * history. While it is open the server counts the member as present and sends no MESSAGE_RECEIVED to the bell.
 * Reopened after a growing pause when it fails; `key` reopens it (a business switch).
 */
export function useLiveChat(open: boolean, key: string | undefined): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!open || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let delay = 2_000;
    let stopped = false;
    const start = () => {
      if (stopped) return;
      source = new EventSource(chat.streamUrl, { withCredentials: true });
      source.addEventListener(CHAT_STREAM_EVENTS.ready, () => {
        delay = 2_000;
        void client.invalidateQueries({ queryKey: chatKeys.all });
      });
      source.addEventListener(CHAT_STREAM_EVENTS.chat, (event) => {
        let channelId: string | null = null;
        try {
          channelId = (JSON.parse((event as MessageEvent<string>).data) as { channelId: string | null }).channelId;
        } catch {
          // refresh everything below
        }
        void client.invalidateQueries({ queryKey: chatKeys.overview });
        void client.invalidateQueries({ queryKey: channelId ? chatKeys.history(channelId) : chatKeys.all });
      });
      source.onerror = () => {
        source?.close();
        source = null;
        timer = setTimeout(start, delay);
        delay = Math.min(delay * 2, 30_000);
      };
    };
    start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [open, key, client]);
}

export function useChatMutations(channelId: string | null) {
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: chatKeys.overview });
    if (channelId) void client.invalidateQueries({ queryKey: chatKeys.history(channelId) });
  };
  return {
    post: useMutation({ mutationFn: (body: string) => chat.post(channelId!, body), onSuccess: refresh }),
    edit: useMutation({
      mutationFn: ({ id, body }: { id: string; body: string }) => chat.edit(channelId!, id, body),
      onSuccess: refresh,
      onError: (err) => handleError(err),
    }),
    remove: useMutation({
      mutationFn: (id: string) => chat.remove(channelId!, id),
      onSuccess: refresh,
      onError: (err) => handleError(err),
    }),
    markRead: useMutation({
      mutationFn: (id: string) => chat.markRead(id),
      onSuccess: () => void client.invalidateQueries({ queryKey: chatKeys.overview }),
    }),
  };
}
