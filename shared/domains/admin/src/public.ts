/**
 * The admin domain's documented public calls: all that apps other than the admin remote may use (lint lets them
 * import `@atrium/domain-admin/public` only). Today: the host's business switcher (the list and the switch, which
 * moves the session, the logo's URL) and its invite-link page (accept).
 */
import { businesses as allCalls, type BusinessesApi } from './index';

export const businesses: Pick<BusinessesApi, 'list' | 'switchTo' | 'acceptInvite' | 'logoUrl'> = allCalls;
export { businessKeys } from './keys';
export {
  acceptInviteSchema,
  BUSINESS_MESSAGES,
  type Business,
  type BusinessMember,
  type BusinessSettings,
} from './business';
