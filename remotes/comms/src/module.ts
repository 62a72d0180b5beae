import { REMOTE_META, type RemoteModule } from '@atrium/contracts';

/**
 * The comms remote (issue #19): the header's notification bell, the Emails pages (campaigns and templates, the
 * email-design editor, a campaign's per-recipient status) and the public unsubscribe page.
 */
const remoteModule: RemoteModule = {
  name: 'comms',
  routes: [
    { path: '/emails', load: () => import('./routes/emails-page') },
    { path: '/emails/:tab', load: () => import('./routes/emails-page') },
    { path: '/emails/templates/create', load: () => import('./routes/template-editor-page') },
    { path: '/emails/templates/:id/edit', load: () => import('./routes/template-editor-page') },
    { path: '/emails/campaigns/create', load: () => import('./routes/campaign-create-page') },
    { path: '/emails/campaigns/:id', load: () => import('./routes/campaign-detail-page') },
    { path: '/automation', load: () => import('./routes/automations-page') },
    { path: '/automation/new', load: () => import('./routes/automation-editor-page') },
    { path: '/automation/:automationId/edit', load: () => import('./routes/automation-editor-page') },
    { path: '/unsubscribe/:token', public: true, load: () => import('./routes/unsubscribe-page') },
  ],
  nav: REMOTE_META.comms.nav,
  newMenu: REMOTE_META.comms.newMenu,
  widgets: [],
  headerWidgets: [
    { key: 'chat', order: 19, load: () => import('./features/chat/chat-widget') },
    { key: 'notifications', order: 20, load: () => import('./features/notifications/notification-bell') },
  ],
};

export default remoteModule;
