import { REMOTE_META, type RemoteModule } from '@atrium/contracts';

/**
 * The comms remote. Today it contributes the header's notification bell (issue #19); its pages (chat, e-mails)
 * arrive with their own issues, so it has no routes, sidebar entries or '+ New' items yet.
 */
const remoteModule: RemoteModule = {
  name: 'comms',
  routes: [],
  nav: REMOTE_META.comms.nav,
  newMenu: REMOTE_META.comms.newMenu,
  widgets: [],
  headerWidgets: [
    { key: 'notifications', order: 20, load: () => import('./features/notifications/notification-bell') },
  ],
};

export default remoteModule;
