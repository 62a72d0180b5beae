import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError, search } from '@atrium/api-client';
import { UiProvider } from '@atrium/ui';
import { GlobalSearch, shortcutHint } from './global-search';

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
  beforeEach(() => localStorage.clear());
  afterEach(() => jest.restoreAllMocks());

  it("shows 'No recent searches' on focus, then grouped results after the debounce, and navigates on a pick", async () => {
    const all = jest.spyOn(search, 'all').mockResolvedValue([
      { type: 'project', id: 'p1', title: 'Smith wedding' },
      { type: 'contact', id: 'c1', title: 'Ann Smith' },
      { type: 'task', id: 't1', title: 'Call Smith' },
    ]);
    const input = renderSearch();
    fireEvent.focus(input);
    expect(await screen.findByText('No recent searches')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'smith' } });
    expect(screen.getByText('Searching...')).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Contacts' })).toHaveTextContent('Ann Smith');
    expect(screen.getByRole('group', { name: 'Projects' })).toHaveTextContent('Smith wedding');
    expect(all).toHaveBeenCalledTimes(1);
    expect(all).toHaveBeenCalledWith('smith', expect.anything());
    fireEvent.click(screen.getByText('Call Smith'));
    await waitFor(() => expect(where).toBe('/tasks'));
    expect(state).toEqual({ taskId: 't1' });
    expect(JSON.parse(localStorage.getItem('recentSearches')!)).toEqual(['smith']);
  });

  it("says 'No results found' and 'Error searching'", async () => {
    jest
      .spyOn(search, 'all')
      .mockResolvedValueOnce([])
      .mockRejectedValueOnce(new ApiError(500, 'INTERNAL_ERROR', 'boom'));
    const input = renderSearch();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'zzz' } });
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'yyy' } });
    expect(await screen.findByText('Error searching')).toBeInTheDocument();
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
