import { screen } from '@testing-library/react';
import { api } from '@atrium/api-client';
import { setTestSession } from '@atrium/api-client/testing';
import { renderAt } from '../test-utils';
import { RequireAuth } from './require-auth';

describe('RequireAuth', () => {
  afterEach(() => jest.restoreAllMocks());

  it('sends a visitor without a session to /signin after the auto-login attempt fails', async () => {
    setTestSession({ status: 'unknown' });
    const auto = jest.spyOn(api.auth, 'autoLogin').mockImplementation(async () => {
      setTestSession({ status: 'anonymous' });
      return null;
    });
    renderAt('/contacts', <RequireAuth>secret</RequireAuth>);
    expect(await screen.findByText('sign-in page')).toBeInTheDocument();
    expect(screen.queryByText('secret')).not.toBeInTheDocument();
    expect(auto).toHaveBeenCalled();
  });

  it('renders the page for a signed-in user', async () => {
    setTestSession({ status: 'authenticated' });
    renderAt('/contacts', <RequireAuth>secret</RequireAuth>);
    expect(await screen.findByText('secret')).toBeInTheDocument();
  });
});
