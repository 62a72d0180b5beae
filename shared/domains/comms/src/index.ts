/**
 * The comms domain slice (notifications today): wire schemas, typed calls and query keys. Not a federation
 * singleton: each app that uses it bundles (and tree-shakes) its own copy. The calls go through the page's one
 * client (`api`).
 */
import { api } from '@atrium/api-client';
import { automationApi } from './api/automation';
import { campaignsApi } from './api/campaigns';
import { chatApi } from './api/chat';
import { gmailApi } from './api/gmail';
import { notificationsApi } from './api/notifications';

export * from './schemas';
export * from './keys';
export { notificationsApi, type NotificationsApi } from './api/notifications';
export { gmailApi, type GmailApi } from './api/gmail';
export { campaignsApi, type CampaignsApi } from './api/campaigns';
export { chatApi, type ChatApi } from './api/chat';
export { automationApi, type AutomationApi, type AutomationOption } from './api/automation';
export * from './automation';

export const notifications = /* @__PURE__ */ notificationsApi(api);
export const gmail = /* @__PURE__ */ gmailApi(api);
export const campaigns = /* @__PURE__ */ campaignsApi(api);
export const chat = /* @__PURE__ */ chatApi(api);
export const automations = /* @__PURE__ */ automationApi(api);
