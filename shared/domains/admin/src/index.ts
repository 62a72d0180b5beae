/**
 * The admin domain slice: businesses (settings, members, invites, logo, switch) and the admin users pages — wire
 * schemas, typed calls and query keys. Not a federation singleton: each app bundles its own copy. The host uses
 * two documented public calls of it, `businesses.list` and `businesses.switchTo` (the business switcher), plus
 * `businesses.acceptInvite` (the invite link page), with `businessKeys.list`.
 */
import { api } from '@atrium/api-client';
import { adminUsersApi } from './api/admin-users';
import { businessesApi } from './api/businesses';
import { subscriptionApi } from './api/subscription';

export * from './schemas';
export * from './keys';
export { businessesApi, type BusinessesApi } from './api/businesses';
export { adminUsersApi } from './api/admin-users';
export { subscriptionApi, type SubscriptionApi } from './api/subscription';

export const businesses = /* @__PURE__ */ businessesApi(api);
export const adminUsers = /* @__PURE__ */ adminUsersApi(api);
export const subscription = /* @__PURE__ */ subscriptionApi(api);
