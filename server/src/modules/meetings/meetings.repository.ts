import type { meetings } from '../../db/schema';

/**
 * A meeting as stored (every column of `meetings`, attendees included): what the repository reads and what the
 * Google Calendar port (MeetingCalendarSync in meetings.service.ts) receives.
 */
export type MeetingRow = typeof meetings.$inferSelect;
