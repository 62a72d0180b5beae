import { isRemoteModule, type RemoteModule } from './remote-module';

const base: RemoteModule = { name: 'crm', routes: [], nav: [], newMenu: [], widgets: [] };
const load = () => Promise.resolve({ default: () => null });

describe('isRemoteModule', () => {
  it('accepts a module with a search provider and header widgets', () => {
    expect(isRemoteModule(base)).toBe(true);
    expect(
      isRemoteModule({
        ...base,
        search: async () => [],
        headerWidgets: [{ key: 'bell', order: 10, load }],
      }),
    ).toBe(true);
  });

  it('refuses a search that is not a function and header widgets without key, order or load', () => {
    expect(isRemoteModule({ ...base, search: 'contacts' })).toBe(false);
    expect(isRemoteModule({ ...base, headerWidgets: {} })).toBe(false);
    expect(isRemoteModule({ ...base, headerWidgets: [{ key: 'bell', load }] })).toBe(false);
    expect(isRemoteModule({ ...base, headerWidgets: [{ key: 'bell', order: 1 }] })).toBe(false);
  });

  it('refuses unknown remote names', () => {
    expect(isRemoteModule({ ...base, name: 'billing' })).toBe(false);
  });
});
