import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { api } from '@atrium/api-client';
import { setTestSession } from '@atrium/api-client/testing';
import { bus } from '@atrium/event-bus';
import type { RemoteModule, RemotesManifest } from '@atrium/contracts';
import { UiProvider } from '@atrium/ui';
import { AppRoutes, BusListeners } from '../app';
import { remotesState } from './remotes';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));
jest.mock('./provide-shared', () => ({}));

const page = (text: string) => () => Promise.resolve({ default: () => <p>{text}</p> });
const documentsModule: RemoteModule = {
  name: 'documents_signatures',
  routes: [{ path: '/document-expired', load: page('expired page of the remote'), public: true }],
  nav: [],
  newMenu: [],
  widgets: [],
};
const commsModule: RemoteModule = {
  name: 'comms',
  routes: [{ path: '/broken', load: page('broken page, loaded at last'), public: true }],
  nav: [],
  newMenu: [],
  widgets: [],
};
const manifest: RemotesManifest = {
  remotes: [
    { name: 'crm', entry: 'http://crm.test/remoteEntry.js' },
    { name: 'documents_signatures', entry: 'http://docs.test/remoteEntry.js', publicPaths: ['/document-expired'] },
    { name: 'comms', entry: 'http://comms.test/remoteEntry.js', publicPaths: ['/broken'] },
  ],
};

let where = '';
function Where() {
  where = useLocation().pathname;
  return null;
}

function renderApp(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <UiProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <BusListeners />
          <AppRoutes />
          <Routes>
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </UiProvider>,
  );
}

const load = jest.mocked(loadRemote);
const register = jest.mocked(registerRemotes);
let commsFails = true;
let manifestReads = 0;

beforeAll(() => {
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith('/remotes.json')) {
      manifestReads += 1;
      return new Response(JSON.stringify(manifest), { status: 200, headers: { 'content-type': 'application/json' } });
    }
    return new Response(JSON.stringify({ success: false, code: 'NOT_FOUND', error: 'no' }), { status: 404 });
  });
  load.mockImplementation(async (id: string) => {
    if (id === 'documents_signatures/module') return { default: documentsModule };
    if (id === 'comms/module') {
      if (commsFails) throw new Error('comms entry did not answer');
      return { default: commsModule };
    }
    throw new Error(`unexpected load of ${id}`);
  });
});

beforeEach(() => {
  setTestSession({ status: 'anonymous', user: null });
  jest.spyOn(api.auth, 'autoLogin').mockResolvedValue(null);
  load.mockClear();
  register.mockClear();
});

describe('public routes of remotes, for a signed-out visitor', () => {
  it('loads only the remote the manifest names for the path, and renders its public page without a sign-in', async () => {
    renderApp('/document-expired');
    expect(await screen.findByText('expired page of the remote')).toBeInTheDocument();
    expect(where).toBe('/document-expired');
    expect(register).toHaveBeenCalledTimes(1);
    expect(register).toHaveBeenCalledWith([{ name: 'documents_signatures', entry: 'http://docs.test/remoteEntry.js' }]);
    expect(load.mock.calls.map(([id]) => id)).toEqual(['documents_signatures/module']);
    expect(remotesState.status).toBe('idle');
  });

  it('sends a signed-out visitor on any other path to /signin and loads no remote', async () => {
    renderApp('/contacts');
    await waitFor(() => expect(where).toBe('/signin'));
    expect(load).not.toHaveBeenCalled();
    expect(register).not.toHaveBeenCalled();
    // The manifest is read once per page, however many paths ask.
    expect(manifestReads).toBe(1);
  });

  it('says so when the public remote cannot load, without a sign-in redirect, and Try again loads it', async () => {
    renderApp('/broken');
    expect(await screen.findByRole('alert')).toHaveTextContent('This page could not be loaded');
    expect(where).toBe('/broken');
    expect(load.mock.calls.map(([id]) => id)).toEqual(['comms/module']);
    commsFails = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('broken page, loaded at last')).toBeInTheDocument();
    expect(register.mock.calls.flat(2).map((r) => (r as { name: string }).name)).toEqual(['comms']);
  });

  it('starts loading every remote as soon as the bus says someone signed in (those not loaded yet)', async () => {
    load.mockImplementation(async (id: string) => {
      if (id === 'documents_signatures/module') return { default: documentsModule };
      if (id === 'comms/module') return { default: commsModule };
      return { default: { name: 'crm', routes: [], nav: [], newMenu: [], widgets: [] } };
    });
    renderApp('/document-expired');
    expect(await screen.findByText('expired page of the remote')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
    bus.emit('auth:signed-in', { userId: 'u1' });
    await waitFor(() => expect(remotesState.status).toBe('ready'));
    expect(load.mock.calls.map(([id]) => id)).toEqual(['crm/module']);
    expect(register.mock.calls.flat(2).map((r) => (r as { name: string }).name)).toEqual(['crm']);
    expect(Object.keys(remotesState.modules).sort()).toEqual(['comms', 'crm', 'documents_signatures']);
  });
});
