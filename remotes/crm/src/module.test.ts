import { isRemoteModule, REMOTE_META, metaMismatches } from '@atrium/contracts';
import remoteModule from './module';

describe('crm remote module', () => {
  it('satisfies the RemoteModule contract and serves /contacts with a Contacts sidebar entry', async () => {
    expect(isRemoteModule(remoteModule)).toBe(true);
    expect(remoteModule.name).toBe('crm');
    expect(remoteModule.routes.map((r) => r.path)).toEqual([
      '/contacts',
      '/contacts/:contactId',
      '/groups',
      '/groups/create',
    ]);
    expect(remoteModule.newMenu).toEqual([
      { key: 'contact', label: 'Contact', order: 1, action: { type: 'modal', id: 'contact' } },
    ]);
    expect(remoteModule.modals?.map((m) => m.id)).toEqual(['contact']);
    expect(remoteModule.nav).toEqual([{ key: 'contacts', label: 'Contacts', path: '/contacts', icon: 'contacts' }]);
    const page = await remoteModule.routes[0]!.load();
    expect(typeof page.default).toBe('function');
  });

  it("answers the global search with its contacts group, loading the provider's code on first use", async () => {
    const { api } = await import('@atrium/api-client');
    const get = jest.spyOn(api, 'get').mockResolvedValue({ success: true, data: [{ _id: 'c1', name: 'Ann Smith' }] });
    const groups = await remoteModule.search!({ term: 'ann', limit: 5 });
    expect(get).toHaveBeenCalledWith('contacts', { search: 'ann', limit: 5 }, { signal: undefined });
    expect(groups.map((g) => [g.label, g.items.map((i) => i.href)])).toEqual([['Contacts', ['/contacts/c1']]]);
    get.mockRestore();
  });

  it('agrees with its static metadata in /remotes.json (REMOTE_META), which the host draws the shell from', () => {
    expect(metaMismatches(REMOTE_META.crm, remoteModule)).toEqual([]);
  });
});
