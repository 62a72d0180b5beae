import { isRemoteModule, REMOTE_META, metaMismatches } from '@atrium/contracts';
import remoteModule from './module';

describe('community-market remote module', () => {
  it('satisfies the RemoteModule contract under its federation name', () => {
    expect(isRemoteModule(remoteModule)).toBe(true);
    expect(remoteModule.name).toBe('community_market');
  });

  it('serves the communities, events, people and marketplace pages and the Communities sidebar entry', () => {
    expect(remoteModule.routes.map((r) => r.path)).toEqual([
      '/communities',
      '/communities/:communityId',
      '/communities/:communityId/events/:eventId',
      '/events/create',
      '/user/:userId',
      '/marketplace',
      '/marketplace/create',
      '/marketplace/listing/:listingId',
      '/marketplace/listing/:listingId/edit',
      '/marketplace/reviews',
      '/dashboard/purchases',
      '/dashboard/sales',
      '/dashboard/transaction/:transactionId',
    ]);
    expect(remoteModule.nav).toEqual([
      { key: 'communities', label: 'Communities', path: '/communities', icon: 'communities' },
    ]);
    expect(remoteModule.routes.every((r) => !r.public)).toBe(true);
  });

  it('every page loads a component', async () => {
    for (const route of remoteModule.routes) expect(typeof (await route.load()).default).toBe('function');
  });

  it('agrees with its static metadata in /remotes.json (REMOTE_META), which the host draws the shell from', () => {
    expect(metaMismatches(REMOTE_META.community_market, remoteModule)).toEqual([]);
  });
});
