import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { setTestSession } from '@atrium/api-client/testing';
import { renderAt } from '../../test-utils';
import { UserMenu } from '../user-menu';
import { TOUR_STEPS } from './product-tour';
import { TourLauncher } from './tour-launcher';
import { TOUR_AUTOSTART_KEY, closeTour, tourKey } from './tour-state';

const user = { id: 'u-maya', firstName: 'Maya', lastName: 'Lin', email: 'maya@studio.com' } as never;

function Shell() {
  return (
    <>
      <nav data-testid="sidebar">sidebar</nav>
      <UserMenu />
      <TourLauncher />
    </>
  );
}

describe('product tour', () => {
  beforeEach(() => {
    localStorage.clear();
    act(() => closeTour());
    setTestSession({ status: 'authenticated', user });
  });

  it('starts for a user who has not seen it and walks through every step to Done', async () => {
    renderAt('/contacts', <Shell />);
    const dialog = await screen.findByRole('dialog', { name: 'Product tour' });
    for (const [i, step] of TOUR_STEPS.entries()) {
      expect(dialog).toHaveTextContent(`Step ${i + 1} of ${TOUR_STEPS.length}`);
      expect(dialog).toHaveTextContent(step.title);
      fireEvent.click(screen.getByRole('button', { name: i === TOUR_STEPS.length - 1 ? 'Done' : 'Next' }));
    }
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Product tour' })).not.toBeInTheDocument());
    expect(localStorage.getItem(tourKey('u-maya'))).toBe('finished');
  });

  it('Back returns to the previous step', async () => {
    renderAt('/contacts', <Shell />);
    const dialog = await screen.findByRole('dialog', { name: 'Product tour' });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(dialog).toHaveTextContent(TOUR_STEPS[1]!.title);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(dialog).toHaveTextContent(TOUR_STEPS[0]!.title);
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });

  it('Skip tour ends it and remembers it for that user only', async () => {
    const { unmount } = renderAt('/contacts', <Shell />);
    fireEvent.click(await screen.findByRole('button', { name: 'Skip tour' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Product tour' })).not.toBeInTheDocument());
    expect(localStorage.getItem(tourKey('u-maya'))).toBe('skipped');
    unmount();

    renderAt('/contacts', <Shell />);
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByRole('dialog', { name: 'Product tour' })).not.toBeInTheDocument();

    act(() => setTestSession({ status: 'authenticated', user: { ...(user as object), id: 'u-other' } as never }));
    expect(await screen.findByRole('dialog', { name: 'Product tour' })).toBeInTheDocument();
  });

  it('Escape skips it', async () => {
    renderAt('/contacts', <Shell />);
    await screen.findByRole('dialog', { name: 'Product tour' });
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Product tour' })).not.toBeInTheDocument());
    expect(localStorage.getItem(tourKey('u-maya'))).toBe('skipped');
  });

  it("restarts from the user menu's 'Product tour', at the first step", async () => {
    localStorage.setItem(tourKey('u-maya'), 'skipped');
    renderAt('/contacts', <Shell />);
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByRole('dialog', { name: 'Product tour' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'User menu' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Product tour' }));
    const dialog = await screen.findByRole('dialog', { name: 'Product tour' });
    expect(dialog).toHaveTextContent(`Step 1 of ${TOUR_STEPS.length}`);
    expect(dialog).toHaveTextContent(TOUR_STEPS[0]!.title);
  });

  it('does not start by itself where autostart is off, but the menu still starts it', async () => {
    localStorage.setItem(TOUR_AUTOSTART_KEY, 'off');
    renderAt('/contacts', <Shell />);
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByRole('dialog', { name: 'Product tour' })).not.toBeInTheDocument();
    expect(localStorage.getItem(tourKey('u-maya'))).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'User menu' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Product tour' }));
    expect(await screen.findByRole('dialog', { name: 'Product tour' })).toBeInTheDocument();
  });

  it('keeps Tab among its buttons', async () => {
    renderAt('/contacts', <Shell />);
    const dialog = await screen.findByRole('dialog', { name: 'Product tour' });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const next = screen.getByRole('button', { name: 'Next' });
    await waitFor(() => expect(next).toHaveFocus());
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(screen.getByRole('button', { name: 'Skip tour' })).toHaveFocus();
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(next).toHaveFocus();
  });
});
