import { api } from '@atrium/api-client';
import { toSearchResult, type RemoteModule, type SearchGroup, type SearchQuery } from '@atrium/contracts';

type Row = Record<string, unknown>;

/** Projects answer an envelope or a plain array; tasks arrive under data.tasks (docs/requirements.md §7). */
function rowsOf(body: unknown, key?: string): Row[] {
  if (Array.isArray(body)) return body as Row[];
  const data = (body as { data?: unknown } | null | undefined)?.data;
  if (Array.isArray(data)) return data as Row[];
  const nested = key && data && typeof data === 'object' ? (data as Record<string, unknown>)[key] : undefined;
  return Array.isArray(nested) ? (nested as Row[]) : [];
}

/**
 * The work remote's part of the global search: GET /projects and GET /tasks with the term, side by side (the
 * server answers both lists, empty until projects and tasks are stored). A project opens at /projects/{id}; a
 * task opens on /tasks by the id passed in navigation state.
 */
export async function searchWork({ term, limit, signal }: SearchQuery): Promise<SearchGroup[]> {
  const q = { search: term, limit };
  const [projects, tasks] = await Promise.all([
    api.get<unknown>('projects', q, { signal }),
    api.get<unknown>('tasks', q, { signal }),
  ]);
  return [
    {
      key: 'projects',
      label: 'Projects',
      icon: 'projects',
      order: 10,
      items: rowsOf(projects).map((p) => {
        const { id, title } = toSearchResult('project', p);
        return { id, title, href: `/projects/${encodeURIComponent(id)}` };
      }),
    },
    {
      key: 'tasks',
      label: 'Tasks',
      icon: 'tasks',
      order: 30,
      items: rowsOf(tasks, 'tasks').map((t) => {
        const { id, title } = toSearchResult('task', t);
        return { id, title, href: '/tasks', state: { taskId: id } };
      }),
    },
  ];
}

/**
 * The work remote. Its pages arrive with their own issues; until then it contributes no routes,
 * no sidebar entries and no '+ New' items (no placeholder pages), but it builds, deploys and loads, and it
 * answers the global search for projects and tasks.
 */
const remoteModule: RemoteModule = {
  name: 'work',
  routes: [],
  nav: [],
  newMenu: [],
  widgets: [],
  search: searchWork,
};

export default remoteModule;
