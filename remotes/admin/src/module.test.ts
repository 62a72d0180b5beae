import { isRemoteModule, REMOTE_META, metaMismatches } from '@atrium/contracts';
import remoteModule from './module';

describe('admin remote module', () => {
  it('satisfies the RemoteModule contract under its federation name', () => {
    expect(isRemoteModule(remoteModule)).toBe(true);
    expect(remoteModule.name).toBe('admin');
  });

  it('contributes the business settings, new business, admin users and subscription pages', () => {
    expect(remoteModule.routes.map((r) => r.path)).toEqual([
      '/businesses/settings',
      '/businesses/:businessId/settings',
      '/businesses/new',
      '/admin-users',
      '/admin-users/:userId',
      '/subscription',
    ]);
    expect(remoteModule.routes.every((r) => !r.public)).toBe(true);
  });

  it("offers Subscription in the mobile menu only, and 'Admin users' only to company-domain users", () => {
    expect(remoteModule.nav).toEqual([
      { key: 'subscription', label: 'Subscription', path: '/subscription', icon: 'subscription', only: 'mobile' },
      {
        key: 'admin-users',
        label: 'Admin users',
        path: '/admin-users',
        icon: 'admin-users',
        requires: 'companyDomain',
      },
    ]);
    expect(remoteModule.newMenu).toEqual([]);
  });

  it('loads every page lazily as a component', async () => {
    for (const r of remoteModule.routes) {
      const mod = await r.load();
      expect(typeof mod.default).toBe('function');
    }
  });

  it('agrees with its static metadata in /remotes.json (REMOTE_META), which the host draws the shell from', () => {
    expect(metaMismatches(REMOTE_META.admin, remoteModule)).toEqual([]);
  });
});
