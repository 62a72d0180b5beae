import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '@atrium/api-client';
import type { RemoteModule, RemoteName, SearchGroup, SearchProvider } from '@atrium/contracts';
import { UiProvider } from '@atrium/ui';
import { remotesState } from '../../federation/remotes';
import { GlobalSearch, shortcutHint } from './global-search';

/** Loaded remotes as the host sees them: only their search providers matter here. */
function loadRemotes(
  providers: Partial<Record<RemoteName, SearchProvider | undefined>>,
  status: 'ready' | 'loading' = 'ready',
) {
  const modules: Partial<Record<RemoteName, RemoteModule>> = {};
  for (const [name, search] of Object.entries(providers) as [RemoteName, SearchProvider | undefined][]) {
    modules[name] = { name, routes: [], nav: [], newMenu: [], widgets: [], ...(search ? { search } : {}) };
  }
  Object.assign(remotesState, { status, modules, failed: {}, manifestError: null });
}

const group = (key: string, label: string, order: number, items: SearchGroup['items']): SearchGroup => ({
  key,
  label,
  icon: key,
  order,
  items,
});

let where = '';
let state: unknown;
function Where() {
  const l = useLocation();
  where = l.pathname;
  state = l.state;
  return null;
}

function renderSearch() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <UiProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/contacts']}>
          <GlobalSearch />
          <Routes>
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </UiProvider>,
  );
  return screen.getByRole('textbox', { name: 'Search' });
}

describe('GlobalSearch', () => {
  beforeEach(() => {
    localStorage.clear();
    loadRemotes({});
  });
  afterEach(() => jest.restoreAllMocks());

  it("shows 'No recent searches' on focus, then every remote's groups by order after the debounce, and navigates on a pick", async () => {
    const crm = jest
      .fn<ReturnType<SearchProvider>, Parameters<SearchProvider>>()
      .mockResolvedValue([
        group('contacts', 'Contacts', 20, [
          { id: 'c1', title: 'Ann Smith', subtitle: 'ann@x.test', href: '/contacts/c1' },
        ]),
      ]);
    const work = jest
      .fn<ReturnType<SearchProvider>, Parameters<SearchProvider>>()
      .mockResolvedValue([
        group('projects', 'Projects', 10, [{ id: 'p1', title: 'Smith wedding', href: '/projects/p1' }]),
        group('tasks', 'Tasks', 30, [{ id: 't1', title: 'Call Smith', href: '/tasks', state: { taskId: 't1' } }]),
        group('empty', 'Nothing here', 5, []),
      ]);
    loadRemotes({ crm, work, admin: undefined });
    const input = renderSearch();
    fireEvent.focus(input);
    expect(await screen.findByText('No recent searches')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: ' smith ' } });
    expect(screen.getByText('Searching...')).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Contacts' })).toHaveTextContent('Ann Smithann@x.test');
    expect(screen.getByRole('group', { name: 'Projects' })).toHaveTextContent('Smith wedding');
    expect(screen.getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual([
      'Projects',
      'Contacts',
      'Tasks',
    ]);
    expect(screen.queryByRole('group', { name: 'Nothing here' })).toBeNull();
    for (const provider of [crm, work]) {
      expect(provider).toHaveBeenCalledTimes(1);
      expect(provider).toHaveBeenCalledWith({ term: 'smith', limit: 5, signal: expect.any(AbortSignal) });
    }
    fireEvent.click(screen.getByText('Call Smith'));
    await waitFor(() => expect(where).toBe('/tasks'));
    expect(state).toEqual({ taskId: 't1' });
    expect(JSON.parse(localStorage.getItem('recentSearches')!)).toEqual(['smith']);
  });

  it('goes to the href of a picked item without navigation state when it carries none', async () => {
    loadRemotes({
      crm: async () => [group('contacts', 'Contacts', 20, [{ id: 'c1', title: 'Ann Smith', href: '/contacts/c1' }])],
    });
    const input = renderSearch();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'ann' } });
    fireEvent.click(await screen.findByText('Ann Smith'));
    await waitFor(() => expect(where).toBe('/contacts/c1'));
    expect(state).toBeNull();
  });

  it("says 'No results found' and 'Error searching' (any provider failing fails the search)", async () => {
    const work = jest
      .fn<ReturnType<SearchProvider>, Parameters<SearchProvider>>()
      .mockResolvedValueOnce([])
      .mockRejectedValueOnce(new ApiError(500, 'INTERNAL_ERROR', 'boom'));
    loadRemotes({ crm: async () => [group('contacts', 'Contacts', 20, [])], work });
    const input = renderSearch();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'zzz' } });
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'yyy' } });
    expect(await screen.findByText('Error searching')).toBeInTheDocument();
  });

  it('waits for the remotes before it searches, and asks only remotes that offer a provider', async () => {
    const crm = jest.fn<ReturnType<SearchProvider>, Parameters<SearchProvider>>().mockResolvedValue([]);
    loadRemotes({ crm }, 'loading');
    const input = renderSearch();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'ann' } });
    await act(() => new Promise((r) => setTimeout(r, 400)));
    expect(screen.getByText('Searching...')).toBeInTheDocument();
    expect(crm).not.toHaveBeenCalled();
    act(() => {
      remotesState.status = 'ready';
    });
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    expect(crm).toHaveBeenCalledTimes(1);
  });

  it('lists recent searches and clears the history', async () => {
    localStorage.setItem('recentSearches', JSON.stringify(['ann', 'bob']));
    const input = renderSearch();
    fireEvent.focus(input);
    expect(await screen.findByText('Recent Searches')).toBeInTheDocument();
    // Shown as the spec writes it, not restyled to capitals.
    expect(screen.getByText('Recent Searches')).not.toHaveStyle({ textTransform: 'uppercase' });
    expect(screen.getByText('ann')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search history' }));
    expect(await screen.findByText('No recent searches')).toBeInTheDocument();
    expect(localStorage.getItem('recentSearches')).toBeNull();
  });

  it.each([
    ['MacIntel', '⌘K'],
    ['iPhone', '⌘K'],
    ['Win32', 'Ctrl K'],
    ['Linux x86_64', 'Ctrl K'],
  ])('names the focus shortcut as the keyboard says it (platform %s → %s)', (platform, hint) => {
    expect(shortcutHint({ platform, userAgent: '' })).toBe(hint);
  });

  it('shows the hint in the search box and focuses it on mod+k', () => {
    const input = renderSearch();
    expect(screen.getByText(shortcutHint())).toBeInTheDocument();
    fireEvent.keyDown(document.documentElement, { key: 'k', ctrlKey: true });
    expect(input).toHaveFocus();
  });
});
