import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_META, type RemoteModule, type RemotesManifest } from '@atrium/contracts';
import {
  ensureRemote,
  ensureRemotesWith,
  modalOwner,
  remoteContributions,
  remotesState,
  retryRemote,
  startRemotes,
} from './remotes';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));
jest.mock('./provide-shared', () => ({}));

// What the server answers: every remote's entry with its static metadata (REMOTE_META).
const manifest: RemotesManifest = {
  remotes: [
    { name: 'crm', entry: 'http://crm.test/remoteEntry.js', ...REMOTE_META.crm },
    { name: 'work', entry: 'http://work.test/remoteEntry.js', ...REMOTE_META.work },
    { name: 'admin', entry: 'http://admin.test/remoteEntry.js', ...REMOTE_META.admin },
    { name: 'comms', entry: 'http://comms.test/remoteEntry.js', ...REMOTE_META.comms, headerWidgets: true },
  ],
};

const moduleOf = (name: RemoteModule['name'], extra: Partial<RemoteModule> = {}): RemoteModule => ({
  name,
  routes: [],
  nav: REMOTE_META[name].nav,
  newMenu: REMOTE_META[name].newMenu,
  widgets: [],
  ...extra,
});
const load = jest.mocked(loadRemote);
let crmFails = false;

beforeAll(() => {
  jest.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify(manifest)));
  load.mockImplementation(async (id: string) => {
    const name = id.split('/')[0] as RemoteModule['name'];
    if (name === 'crm' && crmFails) throw new Error('crm entry did not answer');
    return {
      default: moduleOf(name, name === 'crm' ? { modals: [{ id: 'contact', load: jest.fn() }] } : {}),
    };
  });
});

const loaded = () => load.mock.calls.map(([id]) => id);

describe('the shell drawn from metadata, remotes loaded when used', () => {
  it('registers every remote but loads only those the header needs; the sidebar and "+ New" come from metadata', async () => {
    await startRemotes();
    expect(remotesState.status).toBe('ready');
    expect(
      jest
        .mocked(registerRemotes)
        .mock.calls.flat(2)
        .map((r) => (r as { name: string }).name),
    ).toEqual(['crm', 'work', 'admin', 'comms']);
    // comms announces a header widget: the header is on every page, so it loads with the shell. No other remote.
    expect(loaded()).toEqual(['comms/module']);
    const drawn = remoteContributions();
    expect(drawn.flatMap((c) => c.nav.map((n) => n.label))).toEqual([
      'Contacts',
      'Projects',
      'Tasks',
      'Calendar',
      'Subscription',
      'Admin users',
      'Emails',
      'Automation',
    ]);
    expect(drawn.flatMap((c) => c.newMenu.map((n) => n.label))).toEqual(['Contact', 'Task', 'Project', 'Meeting']);
    expect(modalOwner('contact')).toBe('crm');
    expect(modalOwner('project')).toBe('work');
  });

  it('a search loads the remotes that announce a provider; a route or modal loads its remote alone', async () => {
    await ensureRemotesWith('search');
    expect(loaded().sort()).toEqual(['comms/module', 'crm/module', 'work/module']);
    await ensureRemote('admin');
    expect(loaded()).toContain('admin/module');
    await ensureRemote('admin');
    expect(loaded().filter((id) => id === 'admin/module')).toHaveLength(1);
  });
});

describe('a remote that cannot load', () => {
  beforeEach(() => {
    load.mockClear();
    delete remotesState.modules.crm;
  });

  it('loses its sidebar and "+ New" entries until it loads, then gets them back', async () => {
    crmFails = true;
    await ensureRemote('crm');
    expect(remotesState.failed.crm).toBe('crm entry did not answer');
    expect(remoteContributions().flatMap((c) => c.nav.map((n) => n.label))).toEqual([
      'Projects',
      'Tasks',
      'Calendar',
      'Subscription',
      'Admin users',
      'Emails',
      'Automation',
    ]);
    crmFails = false;
    await retryRemote('crm');
    expect(remotesState.failed.crm).toBeUndefined();
    expect(remoteContributions().flatMap((c) => c.nav.map((n) => n.label))).toEqual([
      'Contacts',
      'Projects',
      'Tasks',
      'Calendar',
      'Subscription',
      'Admin users',
      'Emails',
      'Automation',
    ]);
  });
});
