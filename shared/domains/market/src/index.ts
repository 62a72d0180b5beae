/**
 * The market domain slice: communities (members, posts, comments, reactions, events, RSVPs) and people (profile,
 * follows, friends, blocks) — wire schemas, typed calls and query keys. Not a federation singleton: each app
 * bundles its own copy.
 */
import { api } from '@atrium/api-client';
import { communitiesApi, peopleApi } from './api/market';

export * from './schemas';
export * from './keys';
export { communitiesApi, peopleApi, type CommunitiesApi, type PeopleApi } from './api/market';

export const communities = /* @__PURE__ */ communitiesApi(api);
export const people = /* @__PURE__ */ peopleApi(api);
