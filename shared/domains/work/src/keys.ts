import type { ProjectListParams } from './project';
import type { TaskListParams } from './task';

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
