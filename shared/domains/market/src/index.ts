/**
 * The market domain slice: communities (members, posts, comments, reactions, events, RSVPs), the marketplace
 * (listings, images, purchases, reviews and their moderation) and people (profile, follows, friends, blocks) — wire schemas, typed calls and query keys. Not a federation singleton: each app
 * bundles its own copy.
 */
import { api } from '@atrium/api-client';
import { communitiesApi, marketplaceApi, peopleApi } from './api/market';

export * from './schemas';
export * from './keys';
export {
  communitiesApi,
  marketplaceApi,
  peopleApi,
  type CommunitiesApi,
  type MarketplaceApi,
  type PeopleApi,
} from './api/market';

export const communities = /* @__PURE__ */ communitiesApi(api);
export const people = /* @__PURE__ */ peopleApi(api);
export const marketplace = /* @__PURE__ */ marketplaceApi(api);
