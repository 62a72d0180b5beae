import { REMOTE_META, metaMismatches, type RemoteMeta } from './remote-meta';
import { REMOTE_NAMES } from './remote-module';
import { REMOTE_PUBLIC_PATHS } from './public-routes';

const load = () => Promise.resolve({ default: () => null });
const meta: RemoteMeta = {
  routes: ['/things', '/things/:id', '/shared/thing'],
  publicPaths: ['/shared'],
  nav: [{ key: 'contacts', label: 'Things', path: '/things', icon: 'contacts' }],
  newMenu: [{ key: 'thing', label: 'Thing', order: 1, action: { type: 'modal', id: 'contact' } }],
  modals: ['contact'],
  search: true,
  widgets: true,
};
const agreeing = {
  routes: [
    { path: '/things', load },
    { path: '/things/:id', load },
    { path: '/shared/thing', load, public: true },
  ],
  nav: meta.nav,
  newMenu: meta.newMenu,
  widgets: [{ key: 'w', title: 'W', order: 1, load }],
  modals: [{ id: 'contact', load }],
  search: async () => [],
};

describe('remote metadata', () => {
  it('lists every remote, with the public paths of REMOTE_PUBLIC_PATHS', () => {
    expect(Object.keys(REMOTE_META).sort()).toEqual([...REMOTE_NAMES].sort());
    for (const name of REMOTE_NAMES) expect(REMOTE_META[name].publicPaths).toEqual(REMOTE_PUBLIC_PATHS[name]);
  });

  it('finds no mismatch when a module agrees with its metadata', () => {
    expect(metaMismatches(meta, agreeing)).toEqual([]);
  });

  it('names each part a module disagrees on', () => {
    // Route objects as a module has them (with their loaders), held in a variable as a module passes them.
    const routes = [
      { path: '/things', load },
      { path: '/elsewhere', load, public: true },
    ];
    expect(
      metaMismatches(meta, {
        ...agreeing,
        routes,
        nav: [],
        newMenu: [],
        widgets: [],
        modals: [],
        search: undefined,
        headerWidgets: [{ key: 'bell', order: 1, load }],
      }),
    ).toEqual(['routes', 'nav', 'newMenu', 'modals', 'search', 'widgets', 'headerWidgets', 'publicPaths']);
  });
});
