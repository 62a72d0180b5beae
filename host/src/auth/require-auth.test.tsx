import { screen } from '@testing-library/react';
import { api } from '@atrium/api-client';
import { HOME_AUTO_LOGIN_STOP_MS } from '@atrium/contracts/constants';
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

  it('on the home route the auto-login is told to stop after 3 s; elsewhere it keeps its own 5 s limit', async () => {
    expect(HOME_AUTO_LOGIN_STOP_MS).toBe(3_000);
    setTestSession({ status: 'unknown' });
    const auto = jest.spyOn(api.auth, 'autoLogin').mockImplementation(async () => {
      setTestSession({ status: 'anonymous' });
      return null;
    });
    renderAt('/', <RequireAuth>home</RequireAuth>);
    expect(await screen.findByText('sign-in page')).toBeInTheDocument();
    expect(auto).toHaveBeenCalledWith({ stopAfterMs: HOME_AUTO_LOGIN_STOP_MS });
    auto.mockClear();
    setTestSession({ status: 'unknown' });
    renderAt('/contacts', <RequireAuth>secret</RequireAuth>);
    expect(await screen.findAllByText('sign-in page')).not.toHaveLength(0);
    expect(auto).toHaveBeenCalledWith({});
  });

  it('renders the page for a signed-in user', async () => {
    setTestSession({ status: 'authenticated' });
    renderAt('/contacts', <RequireAuth>secret</RequireAuth>);
    expect(await screen.findByText('secret')).toBeInTheDocument();
  });
});
