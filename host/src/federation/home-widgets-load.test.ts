import { loadRemote } from '@module-federation/enhanced/runtime';
import { REMOTE_META, type RemoteModule, type RemotesManifest } from '@atrium/contracts';
import { loadHomeWidgets, remotesState } from './remotes';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));
jest.mock('./provide-shared', () => ({}));

const manifest: RemotesManifest = {
  remotes: [
    { name: 'crm', entry: 'http://crm.test/remoteEntry.js', ...REMOTE_META.crm },
    { name: 'comms', entry: 'http://comms.test/remoteEntry.js', ...REMOTE_META.comms, headerWidgets: true },
  ],
};
const widgetLoad = jest.fn(async () => ({ default: () => null }));
const crm: RemoteModule = {
  name: 'crm',
  routes: [],
  nav: [],
  newMenu: [],
  widgets: [{ key: 'recent-contacts', title: 'Recent contacts', order: 20, load: widgetLoad }],
};

it("home's widget remotes load as soon as the manifest is read, without waiting for the header's remote", async () => {
  jest.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify(manifest)));
  // comms (the header's bell) never answers here; home has no header and must not wait for it.
  jest
    .mocked(loadRemote)
    .mockImplementation((id: string) =>
      id === 'crm/module' ? Promise.resolve({ default: crm }) : new Promise(() => undefined),
    );
  const seen: unknown[] = [];
  await loadHomeWidgets((w) => seen.push(w.load));
  expect(remotesState.modules.crm?.name).toBe('crm');
  // Each widget's own load (home keys its fetched chunk by it).
  expect(seen).toEqual([widgetLoad]);
  expect(seen[0]).toBe(widgetLoad);
  expect(remotesState.status).toBe('loading');
  expect(
    jest
      .mocked(loadRemote)
      .mock.calls.map(([id]) => id)
      .sort(),
  ).toEqual(['comms/module', 'crm/module']);
});
