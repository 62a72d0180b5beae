import { REMOTE_META, type RemoteModule } from '@atrium/contracts';

/**
 * The work remote: projects (table, stage board, the project's ten tabs), tasks (list, kanban, drawer), the calendar
 * and meetings.
 * Everything heavy loads on first use; this file is all the host loads until then.
 */
const calendarPage = () => import('./routes/calendar-page');

const remoteModule: RemoteModule = {
  name: 'work',
  routes: [
    { path: '/projects', load: () => import('./routes/projects-page') },
    { path: '/projects/:projectId', load: () => import('./routes/project-redirect-page') },
    { path: '/projects/:projectId/:tab', load: () => import('./routes/project-page') },
    { path: '/tasks', load: () => import('./routes/tasks-page') },
    // One page (one loader, so opening an item keeps the calendar mounted) with the item a deep link names over it.
    { path: '/calendar', load: calendarPage },
    { path: '/calendar/meetings/:meetingId', load: calendarPage },
    { path: '/calendar/tasks/:taskId', load: calendarPage },
    { path: '/calendar/projects/:projectId', load: calendarPage },
  ],
  // Sidebar and '+ New' entries come from the static metadata the host reads in /remotes.json (no drift).
  nav: REMOTE_META.work.nav,
  newMenu: REMOTE_META.work.newMenu,
  widgets: [
    { key: 'tasks', title: 'Tasks', order: 10, load: () => import('./features/widgets/tasks-widget') },
    { key: 'calendar', title: 'Calendar', order: 30, load: () => import('./features/widgets/calendar-widget') },
    { key: 'projects', title: 'Projects', order: 70, load: () => import('./features/widgets/projects-widget') },
  ],
  modals: [
    { id: 'task', load: () => import('./features/task-form/task-modal-entry') },
    { id: 'project', load: () => import('./features/project-form/project-modal-entry') },
    { id: 'meeting', load: () => import('./features/meeting-form/meeting-modal-entry') },
  ],
  // The header's global search asks this remote for projects and tasks; the code loads on the first search.
  search: (query) => import('./features/search/work-search').then((m) => m.searchWork(query)),
};

export default remoteModule;
