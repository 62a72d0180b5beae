import { useQuery } from '@tanstack/react-query';
import {
  GOOGLE_CALENDAR_MESSAGES,
  GOOGLE_CALENDAR_RETURN_PATHS,
  googleCalendar,
  googleCalendarKeys,
  type GoogleCalendarStatus,
} from '@atrium/domain-work';

/**
 * Where a member connects their Google Calendar: the profile's integrations tab, open to every member (the business
 * settings' tab is for owners and admins).
 */
export const INTEGRATIONS_PATH = GOOGLE_CALENDAR_RETURN_PATHS.profile;

/**
 * What the meeting form says under 'Sync to Google Calendar', and whether the switch can be turned on: only with
 * a connected calendar. Not set up, not connected or waiting for a reconnect are said plainly (never a promise of a
 * sync that will not happen).
 */
export function googleSyncNote(
  status: GoogleCalendarStatus | undefined,
  failed = false,
): { text: string; disabled: boolean; connect: boolean } {
  if (failed) return { text: 'Google Calendar’s status could not be checked.', disabled: true, connect: false };
  if (!status) return { text: 'Checking Google Calendar…', disabled: true, connect: false };
  switch (status.state) {
    case 'connected':
      return {
        text: `${GOOGLE_CALENDAR_MESSAGES.connectedAs(status.email)}: the meeting is written to that calendar and kept in step.`,
        disabled: false,
        connect: false,
      };
    case 'reconnect':
      return { text: GOOGLE_CALENDAR_MESSAGES.reconnect, disabled: true, connect: true };
    case 'not_configured':
      return { text: GOOGLE_CALENDAR_MESSAGES.notConfigured, disabled: true, connect: false };
    default:
      return { text: 'Google Calendar is not connected.', disabled: true, connect: true };
  }
}

/** The signed-in member's Google Calendar connection (GET /integrations/google-calendar/status) as the form's note. */
export function useGoogleSyncNote() {
  const q = useQuery({
    queryKey: googleCalendarKeys.status,
    queryFn: () => googleCalendar.status(),
    staleTime: 60_000,
    retry: false,
  });
  return googleSyncNote(q.data, q.isError);
}
