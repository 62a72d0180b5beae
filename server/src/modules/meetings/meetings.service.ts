import type { MeetingRow } from './meetings.repository';

export type { MeetingRow } from './meetings.repository';

/**
 * The port through which a meeting reaches its organizer's Google Calendar (the google-calendar module implements
 * it; app.ts passes it to MeetingsService; without it, NO_CALENDAR_SYNC does nothing).
 *
 * When the service calls it — always AFTER the change has committed, never inside its transaction:
 * - `afterSave(row, actorId)`: after a create, update (PUT /meetings/{id}, PATCH /calendar/meetings/{id}, a drag
 *   through PATCH /calendar/items/{id}), a project link or unlink, when the row after the change OR the row before
 *   it had `syncToGoogle` true, or the row has a `googleEventId` (a Google event linked to a project, or a meeting
 *   whose sync was just turned off: the implementation decides to patch, insert or delete the Google event).
 *   `row` is the meeting as now stored; `actorId` the member who made the change.
 * - `afterDelete(row)`: after DELETE /meetings/{id} (or /calendar/meetings/{id}, /calendar/items/{id}) when the
 *   deleted row had `syncToGoogle` true or a `googleEventId`; `row` is the meeting as it was (it no longer exists).
 *
 * The implementation writes its own results to the meeting (synced_to_google, google_event_id,
 * google_calendar_url, google_etag, google_updated_at) from its own repository. After afterSave the service reads
 * the meeting again, so POST /meetings answers syncedToGoogleCalendar and googleCalendarEventId as they are.
 * A Google failure must not undo the local change: the implementation records it (or queues a retry) and
 * resolves; if it throws anyway, the service logs the error and still answers the committed meeting.
 */
export interface MeetingCalendarSync {
  afterSave(row: MeetingRow, actorId: string): Promise<void>;
  afterDelete(row: MeetingRow): Promise<void>;
}

/** The default port: Google Calendar is not wired (or not configured). */
export const NO_CALENDAR_SYNC: MeetingCalendarSync = {
  afterSave: async () => undefined,
  afterDelete: async () => undefined,
};

/** Whether a change of this meeting concerns Google Calendar (see MeetingCalendarSync). */
export function touchesGoogle(...rows: (MeetingRow | null | undefined)[]): boolean {
  return rows.some((r) => r != null && (r.syncToGoogle || r.googleEventId !== null));
}
