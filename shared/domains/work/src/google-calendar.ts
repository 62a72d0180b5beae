import * as z from 'zod';

/**
 * The Google Calendar connection of the signed-in member in their current business (docs/requirements.md "Meetings
 * and calendar", Google Calendar sync): what the integrations card shows and the texts it says.
 *
 * - not_configured: the installation has no Google client (GOOGLE_CLIENT_ID/SECRET): nothing can be connected;
 * - not_connected: the member has not connected their calendar (or disconnected it);
 * - connected: meetings with sync on go to it and its events come in, on a schedule and on demand;
 * - reconnect: Google no longer accepts the access it gave (revoked, expired): nothing syncs until the member
 *   connects again.
 */
export const GOOGLE_CALENDAR_STATES = ['not_configured', 'not_connected', 'connected', 'reconnect'] as const;
export type GoogleCalendarState = (typeof GOOGLE_CALENDAR_STATES)[number];

/**
 * The member's sync runs: idle, one queued, one running, or one running with another queued after it ("Sync now"
 * pressed while a run was in progress queues exactly one follow-up run; pressing again adds nothing).
 */
export const GOOGLE_CALENDAR_RUNS = ['idle', 'queued', 'running', 'follow_up'] as const;
export type GoogleCalendarRun = (typeof GOOGLE_CALENDAR_RUNS)[number];

export const googleCalendarStatusSchema = z.object({
  configured: z.boolean(),
  state: z.enum(GOOGLE_CALENDAR_STATES),
  run: z.enum(GOOGLE_CALENDAR_RUNS),
  /** The connected Google account's address. */
  email: z.string().nullable(),
  lastSyncedAt: z.string().nullable(),
  /** Why the last sync or write failed (kept until one succeeds). */
  lastError: z.string().nullable(),
});
export type GoogleCalendarStatus = z.infer<typeof googleCalendarStatusSchema>;

/**
 * Where the member connected from, and where Google's redirect brings them back: the business settings'
 * integrations tab (owners and admins see it) or the profile's (every member: each connects their own calendar).
 */
export const GOOGLE_CALENDAR_ORIGINS = ['profile', 'business'] as const;
export type GoogleCalendarOrigin = (typeof GOOGLE_CALENDAR_ORIGINS)[number];
export const GOOGLE_CALENDAR_RETURN_PATHS = {
  profile: '/settings/profile/integrations',
  business: '/businesses/settings?tab=integrations',
} as const satisfies Record<GoogleCalendarOrigin, string>;
/** GET connect's query: `from` picks the page Google's redirect returns to (the business tab when left out). */
export const googleCalendarConnectQuerySchema = z.object({
  from: z.enum(GOOGLE_CALENDAR_ORIGINS).default('business'),
});

/** The callback's result, sent back to the return path with ?googleCalendar=<result>. */
export const GOOGLE_CALENDAR_RESULTS = ['connected', 'denied', 'failed', 'not_configured'] as const;
export type GoogleCalendarResult = (typeof GOOGLE_CALENDAR_RESULTS)[number];
export const GOOGLE_CALENDAR_RESULT_PARAM = 'googleCalendar';

export const GOOGLE_CALENDAR_MESSAGES = {
  title: 'Google Calendar',
  notConfigured: 'Google Calendar is not set up in this installation.',
  notConfiguredHint: 'An administrator sets GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET to make it available.',
  notConnected: 'Connect your Google Calendar to see its events here and send meetings to it.',
  connectedAs: (email: string | null) => (email ? `Connected as ${email}` : 'Connected'),
  reconnect: 'Google no longer accepts Atrium’s access to your calendar. Reconnect to resume syncing.',
  notConnectedError: 'Connect your Google Calendar first.',
  reconnectError: 'Reconnect your Google Calendar first.',
  syncQueued: 'Google Calendar sync started',
  syncFollowUp: 'A sync is running: another one starts as soon as it ends.',
  running: 'Syncing now…',
  runningThenAgain: 'Syncing now; another sync follows.',
  queuedRun: 'A sync is queued.',
  disconnected: 'Google Calendar disconnected',
  disconnectFailed: 'Failed to disconnect Google Calendar. Please try again.',
  syncFailed: 'Failed to start the sync. Please try again.',
  neverSynced: 'Not synced yet',
  results: {
    connected: 'Google Calendar connected',
    denied: 'Google Calendar was not connected: access was not granted.',
    failed: 'Google Calendar could not be connected. Please try again.',
    not_configured: 'Google Calendar is not set up in this installation.',
  } satisfies Record<GoogleCalendarResult, string>,
} as const;
