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
});
