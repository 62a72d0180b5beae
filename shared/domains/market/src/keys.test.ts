import { communityKeys, marketKeys, peopleKeys } from './keys';

describe('market query keys', () => {
  it('every community key starts with the entity, so invalidating communityKeys.all reaches them all', () => {
    const keys = [
      communityKeys.list({ scope: 'mine' }),
      communityKeys.one('c1'),
      communityKeys.members('c1'),
      communityKeys.posts('c1', 2),
      communityKeys.comments('c1', 'p1'),
      communityKeys.events('c1'),
      communityKeys.event('c1', 'e1'),
    ];
    for (const key of keys) expect(key[0]).toBe(communityKeys.all[0]);
    expect(communityKeys.posts('c1', 2).slice(0, 3)).toEqual(communityKeys.one('c1'));
  });
  it('people keys start with the entity and name the user', () => {
    expect(peopleKeys.profile('u1')).toEqual(['people', 'u1', 'profile']);
    expect(peopleKeys.list('u1', 'followers')).toEqual(['people', 'u1', 'followers']);
  });
});

describe('marketplace query keys', () => {
  it('every marketplace key starts with the entity; listing keys nest under the listing', () => {
    const keys = [
      marketKeys.search({ q: 'logo' }),
      marketKeys.mine({}),
      marketKeys.listing('l1'),
      marketKeys.images('l1'),
      marketKeys.listingReviews('l1'),
      marketKeys.purchases({}),
      marketKeys.sales({}),
      marketKeys.transaction('t1'),
      marketKeys.userReviews('u1', 1),
      marketKeys.moderation({ status: 'hidden' }),
    ];
    for (const key of keys) expect(key[0]).toBe(marketKeys.all[0]);
    expect(marketKeys.images('l1').slice(0, 4)).toEqual(marketKeys.listing('l1'));
    expect(marketKeys.purchases({}).slice(0, 2)).toEqual(marketKeys.transactions);
    expect(marketKeys.moderation({}).slice(0, 2)).toEqual(marketKeys.reviews);
  });
});
