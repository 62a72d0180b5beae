import type { ProjectListParams } from './project';
import type { TaskListParams } from './task';
import type { CalendarQuery, MeetingRangeParams } from './meeting';

/*
 * Every query key of the work domain, spelled once (no literal keys in apps). Keys start with the entity, so
 * invalidating `.all` reaches every view of it.
 */
export const projectKeys = {
  all: ['projects'] as const,
  list: (params: ProjectListParams) => ['projects', 'list', params] as const,
  /** One stage column of the board, by the board's filters. */
  board: (params: ProjectListParams) => ['projects', 'board', params] as const,
  one: (id: string | undefined) => ['projects', 'one', id] as const,
  feed: (id: string | undefined) => ['projects', 'feed', id] as const,
  types: ['projects', 'types'] as const,
  /** A contact's projects (the contact page). */
  ofContact: (contactId: string | undefined) => ['projects', 'contact', contactId] as const,
};

export const taskKeys = {
  all: ['tasks'] as const,
  list: (params: TaskListParams) => ['tasks', 'list', params] as const,
  /** One kanban column, by the board's filters. */
  board: (params: TaskListParams) => ['tasks', 'board', params] as const,
  totals: ['tasks', 'totals'] as const,
  one: (id: string | undefined) => ['tasks', 'one', id] as const,
};

export const meetingKeys = {
  all: ['meetings'] as const,
  range: (params: MeetingRangeParams) => ['meetings', 'range', params] as const,
  one: (id: string | undefined) => ['meetings', 'one', id] as const,
  /** A contact's meetings (the contact page). */
  ofContact: (contactId: string | undefined) => ['meetings', 'contact', contactId] as const,
  ofProject: (projectId: string | undefined) => ['meetings', 'project', projectId] as const,
  /** The calendar view's items (meetings, tasks and projects with dates); invalidated with meetings, tasks or projects. */
  calendar: (query: CalendarQuery) => ['meetings', 'calendar', query] as const,
};

/** The Google Calendar connection of the signed-in member. */
export const googleCalendarKeys = {
  status: ['google-calendar', 'status'] as const,
};
