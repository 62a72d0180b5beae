import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { remotesState } from '../../federation/remotes';
import { renderAt } from '../../test-utils';
import { MobileSearch } from './mobile-search';

describe('MobileSearch (the header search below the sm breakpoint)', () => {
  beforeEach(() => {
    localStorage.clear();
    Object.assign(remotesState, { status: 'ready', modules: {}, failed: {}, manifestError: null });
  });

  it('is a search icon until pressed, then the search field, focused', async () => {
    renderAt('/contacts', <MobileSearch />);
    const toggle = screen.getByRole('button', { name: 'Open search' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox', { name: 'Search' })).toBeNull();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const field = screen.getByRole('textbox', { name: 'Search' });
    expect(screen.getByRole('search')).toHaveAttribute('id', toggle.getAttribute('aria-controls'));
    await waitFor(() => expect(field).toHaveFocus());
  });

  it('Esc folds it away and the focus goes back to the icon', async () => {
    renderAt('/contacts', <MobileSearch />);
    fireEvent.click(screen.getByRole('button', { name: 'Open search' }));
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Search' }), { key: 'Escape' });
    expect(screen.queryByRole('textbox', { name: 'Search' })).toBeNull();
    await act(() => new Promise((r) => requestAnimationFrame(r)));
    expect(screen.getByRole('button', { name: 'Open search' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Open search' })).toHaveAttribute('aria-expanded', 'false');
  });

  it("'Close search' folds it away too", () => {
    renderAt('/contacts', <MobileSearch />);
    fireEvent.click(screen.getByRole('button', { name: 'Open search' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close search' }));
    expect(screen.queryByRole('search')).toBeNull();
  });
});
