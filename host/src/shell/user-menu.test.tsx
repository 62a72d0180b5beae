import { fireEvent, screen, waitFor } from '@testing-library/react';
import { api } from '@atrium/api-client';
import { setTestSession } from '@atrium/api-client/testing';
import { renderAt } from '../test-utils';
import { UserMenu } from './user-menu';

describe('UserMenu', () => {
  afterEach(() => jest.restoreAllMocks());

  it('asks for confirmation with the exact text, then signs out and goes to /signin', async () => {
    setTestSession({
      status: 'authenticated',
      user: { firstName: 'Maya', lastName: 'Lin', email: 'maya@studio.com' } as never,
    });
    const logout = jest.spyOn(api.auth, 'logout').mockResolvedValue();
    renderAt('/contacts', <UserMenu />);
    fireEvent.click(screen.getByRole('button', { name: 'User menu' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Are you sure you want to sign out? You will need to sign in again to access your account.',
    );
    expect(logout).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(screen.getByText('sign-in page')).toBeInTheDocument());
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it("links 'Manage your Profile' to the profile settings", async () => {
    setTestSession({ user: { firstName: 'Maya', lastName: 'Lin', email: 'maya@studio.com' } as never });
    renderAt('/contacts', <UserMenu />);
    fireEvent.click(screen.getByRole('button', { name: 'User menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Manage your Profile' })).toHaveAttribute(
      'href',
      '/settings/profile',
    );
  });

  it('Cancel keeps the user signed in', async () => {
    setTestSession({ user: { firstName: 'Maya', lastName: 'Lin', email: 'maya@studio.com' } as never });
    const logout = jest.spyOn(api.auth, 'logout').mockResolvedValue();
    renderAt('/contacts', <UserMenu />);
    fireEvent.click(screen.getByRole('button', { name: 'User menu' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(logout).not.toHaveBeenCalled();
  });

  it("the dark mode item saves the choice under darkMode; 'Use system theme' forgets it", async () => {
    localStorage.removeItem('darkMode');
    setTestSession({ user: { firstName: 'Maya', lastName: 'Lin', email: 'maya@studio.com' } as never });
    renderAt('/contacts', <UserMenu />);
    fireEvent.click(screen.getByRole('button', { name: 'User menu' }));
    // Nothing saved: the system's scheme (light in jsdom), and nothing to go back to.
    expect(screen.queryByRole('menuitem', { name: 'Use system theme' })).toBeNull();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Dark mode' }));
    expect(localStorage.getItem('darkMode')).toBe('true');
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'User menu' }));
    // Reopened, the menu's items sit behind Mantine's opening transition in jsdom (display: none): hidden: true.
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Use system theme', hidden: true }));
    expect(localStorage.getItem('darkMode')).toBeNull();
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'User menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Dark mode', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Use system theme', hidden: true })).toBeNull();
  });
});
