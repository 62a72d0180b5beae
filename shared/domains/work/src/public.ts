/**
 * The work domain's documented public calls: all that apps other than the work remote may use (lint lets them
 * import `@atrium/domain-work/public` only). Today: the crm remote's contact page lists a contact's projects and
 * links or unlinks one, and lists the contact's meetings; the admin remote's integrations tab manages the member's
 * Google Calendar connection.
 */
import { meetings as allMeetingCalls, projects as allCalls, type MeetingsApi, type ProjectsApi } from './index';

export const projects: Pick<ProjectsApi, 'ofContact' | 'linkContact' | 'unlinkContact' | 'list'> = allCalls;
export { meetingKeys, projectKeys } from './keys';
/** The crm contact page lists a contact's meetings. */
export const meetings: Pick<MeetingsApi, 'ofContact'> = allMeetingCalls;
export { MEETING_STATUS_LABELS, MEETING_TYPE_LABELS, type Meeting } from './meeting';
/** A meeting as a row of the contact page's list, linked to its page on the calendar. */
export { meetingAgendaItem, meetingPath } from './meeting-agenda';
export { PROJECT_STAGE_LABELS, type Project, type ProjectStage } from './project';
/**
 * The member's Google Calendar connection, shown by the shared card (@atrium/ui GoogleCalendarCard) in the admin
 * remote's business integrations tab and the host's profile integrations tab.
 */
export { googleCalendar } from './index';
export { googleCalendarKeys } from './keys';
export {
  GOOGLE_CALENDAR_MESSAGES,
  GOOGLE_CALENDAR_RESULT_PARAM,
  GOOGLE_CALENDAR_RETURN_PATHS,
  type GoogleCalendarOrigin,
  type GoogleCalendarResult,
  type GoogleCalendarStatus,
} from './google-calendar';
/** The documents remote's file manager checks an upload with the same limits and messages before sending it. */
export { FILE_MAX_BYTES, FILE_MESSAGES, FILES_PER_UPLOAD } from './files';
