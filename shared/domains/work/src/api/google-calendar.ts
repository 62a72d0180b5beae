import type { ApiClient } from '@atrium/api-client';
import { API_ROOT } from '@atrium/contracts';
import type { GoogleCalendarOrigin, GoogleCalendarStatus } from '../schemas';

const BASE = 'integrations/google-calendar';

/**
 * The signed-in member's Google Calendar connection in the current business (GET status, POST sync and disconnect).
 * Connecting is a browser navigation: `connectUrl(from)` answers 302 to Google's consent, and Google sends the
 * browser back to that integrations tab (profile or business settings) with ?googleCalendar=<result>.
 */
export function googleCalendarApi(client: ApiClient) {
  return {
    status: async () => (await client.get<{ data: GoogleCalendarStatus }>(`${BASE}/status`)).data,
    /** Queues a sync now (a follow-up run when one is running); answers the status, whose `run` says which. */
    sync: async () => (await client.post<{ data: GoogleCalendarStatus }>(`${BASE}/sync`)).data,
    /** Revokes and forgets the connection (the meetings stay); answers the status. */
    disconnect: async () => (await client.post<{ data: GoogleCalendarStatus }>(`${BASE}/disconnect`)).data,
    /** Where the browser goes to connect (GET, 302 to Google), and the tab it comes back to. */
    connectUrl: (from: GoogleCalendarOrigin) => `${API_ROOT}/${BASE}/connect?from=${from}`,
  };
}
export type GoogleCalendarApi = ReturnType<typeof googleCalendarApi>;
