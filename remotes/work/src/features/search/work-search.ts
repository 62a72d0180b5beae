import { toSearchResult, type SearchGroup, type SearchQuery } from '@atrium/contracts';
import { projects, tasks } from '@atrium/domain-work';

/** Where the groups sit among every remote's groups (projects 10, contacts 20, tasks 30). */
export const PROJECTS_SEARCH_ORDER = 10;
export const TASKS_SEARCH_ORDER = 30;

/**
 * The work remote's part of the global search (docs/requirements.md §2, global search): projects and tasks
 * matching the term, asked side by side. A project opens at /projects/{id}; a task opens on /tasks by the id
 * passed in navigation state. Either call failing rejects, so the host's box says 'Error searching'.
 */
export async function searchWork({ term, limit, signal }: SearchQuery): Promise<SearchGroup[]> {
  const q = { search: term, limit };
  const [projectList, taskList] = await Promise.all([projects.list(q, { signal }), tasks.list(q, { signal })]);
  return [
    {
      key: 'projects',
      label: 'Projects',
      icon: 'projects',
      order: PROJECTS_SEARCH_ORDER,
      items: (projectList?.data ?? []).map((p) => {
        const { id, title } = toSearchResult('project', p);
        return { id, title, href: `/projects/${encodeURIComponent(id)}` };
      }),
    },
    {
      key: 'tasks',
      label: 'Tasks',
      icon: 'tasks',
      order: TASKS_SEARCH_ORDER,
      items: (taskList?.data?.tasks ?? []).map((t) => {
        const { id, title } = toSearchResult('task', t);
        return { id, title, href: '/tasks', state: { taskId: id } };
      }),
    },
  ];
}
