/**
 * The work domain slice: projects (stage board, files, activity feed, contacts) and tasks (kanban, comments,
 * history, files) — wire schemas, typed calls and query keys. Not a federation singleton: each app that uses it
 * bundles (and tree-shakes) its own copy. The calls go through the page's one client (`api`).
 */
import { api } from '@atrium/api-client';
import { projectsApi } from './api/projects';
import { tasksApi } from './api/tasks';
import { calendarApi, meetingsApi } from './api/meetings';
import { googleCalendarApi } from './api/google-calendar';

export * from './schemas';
export * from './keys';
export { projectsApi, type ProjectsApi } from './api/projects';
export { tasksApi, type TasksApi } from './api/tasks';
export { calendarApi, meetingsApi, type CalendarApi, type MeetingsApi } from './api/meetings';
export { googleCalendarApi, type GoogleCalendarApi } from './api/google-calendar';
export { listSearchParams } from './api/params';
export { meetingAgendaItem, meetingPath } from './meeting-agenda';

export const projects = /* @__PURE__ */ projectsApi(api);
export const tasks = /* @__PURE__ */ tasksApi(api);
export const meetings = /* @__PURE__ */ meetingsApi(api);
export const calendar = /* @__PURE__ */ calendarApi(api);
export const googleCalendar = /* @__PURE__ */ googleCalendarApi(api);
