import type { ApiClient } from '@atrium/api-client';
import { API_ROOT } from '@atrium/contracts';
import type { GmailOrigin, GmailSendInput, GmailSent, GmailStatus, GmailThread } from '../gmail';

const enc = encodeURIComponent;

/** Typed calls for the member's Gmail (docs/requirements.md "Gmail"). */
export function gmailApi(client: ApiClient) {
  return {
    status: async (options?: { signal?: AbortSignal }) =>
      (await client.get<{ data: GmailStatus }>('integrations/gmail/status', undefined, options)).data,
    disconnect: async () => (await client.post<{ data: GmailStatus }>('integrations/gmail/disconnect', {})).data,
    send: async (input: GmailSendInput) =>
      (await client.post<{ data: GmailSent }>('integrations/gmail/send', input)).data,
    projectThreads: async (projectId: string, options?: { signal?: AbortSignal }) =>
      (
        await client.get<{ data: GmailThread[] }>(
          `integrations/gmail/projects/${enc(projectId)}/threads`,
          undefined,
          options,
        )
      ).data,
    /** The browser navigation that starts the connection (Google's consent, then back to `from`). */
    connectUrl: (from: GmailOrigin) => `${API_ROOT}/integrations/gmail/connect?from=${enc(from)}`,
  };
}
export type GmailApi = ReturnType<typeof gmailApi>;
