import type { ApiClient } from '@atrium/api-client';
import { API_ROOT } from '@atrium/contracts';
import type { GoogleCalendarStatus } from '../schemas';

const BASE = 'integrations/google-calendar';

/**
 * The signed-in member's Google Calendar connection in the current business (GET status, POST sync and disconnect).
 * Connecting is a browser navigation: `connectUrl` answers 302 to Google's consent, and Google sends the browser
 * back to the integrations tab with ?googleCalendar=<result>.
 */
export function googleCalendarApi(client: ApiClient) {
  return {
    status: async () => (await client.get<{ data: GoogleCalendarStatus }>(`${BASE}/status`)).data,
    /** Queues a sync now; answers the status. */
    sync: async () => (await client.post<{ data: GoogleCalendarStatus }>(`${BASE}/sync`)).data,
    /** Revokes and forgets the connection (the meetings stay); answers the status. */
    disconnect: async () => (await client.post<{ data: GoogleCalendarStatus }>(`${BASE}/disconnect`)).data,
    /** Where the browser goes to connect (GET, 302 to Google). */
    connectUrl: `${API_ROOT}/${BASE}/connect`,
  };
}
export type GoogleCalendarApi = ReturnType<typeof googleCalendarApi>;
