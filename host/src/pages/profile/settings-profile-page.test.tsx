import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { ApiError, sessionView } from '@atrium/api-client';
import { setTestSession } from '@atrium/api-client/testing';
import { type User } from '@atrium/contracts';
import { UiProvider } from '@atrium/ui';
import { identity, IDENTITY_MESSAGES, type SessionInfo } from '@atrium/domain-identity';
import { googleCalendar, GOOGLE_CALENDAR_MESSAGES } from '@atrium/domain-work/public';
import { bus, type Toast } from '@atrium/event-bus';
import { remotesState } from '../../federation/remotes';
import { testQueryClient } from '../../test-utils';
import { PROFILE_MESSAGES, pictureProblem } from './general-tab';
import { describeAgent, SECURITY_MESSAGES } from './security-tab';
import { SettingsProfilePage } from './settings-profile-page';

const me = {
  id: 'u1',
  _id: 'u1',
  email: 'maya@studio.com',
  firstName: 'Maya',
  lastName: 'Lin',
  businessId: 'b1',
  businessName: 'Studio',
  phoneNumber: null,
  city: 'Lisbon',
  state: null,
  country: null,
  industry: null,
  picture: null,
  profilePicture: null,
} as unknown as User;

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderAt(path: string) {
  return render(
    <UiProvider env="test">
      <QueryClientProvider client={testQueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/profile" element={<Navigate to="/settings/profile" replace />} />
            <Route
              path="/settings/profile/:tab?"
              element={
                <>
                  <SettingsProfilePage />
                  <Where />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </UiProvider>,
  );
}

beforeEach(() => {
  setTestSession({ status: 'authenticated', user: { ...me } });
});
afterEach(() => jest.restoreAllMocks());

describe('tabs', () => {
  it('/profile lands on the general tab; tabs change the path', async () => {
    renderAt('/profile');
    expect(await screen.findByRole('tab', { name: 'General', selected: true })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/settings/profile');
    jest.spyOn(identity, 'sessions').mockResolvedValue([]);
    fireEvent.click(screen.getByRole('tab', { name: 'Security' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/settings/profile/security'));
    expect(screen.getByRole('tab', { name: 'Security', selected: true })).toBeInTheDocument();
  });

  it('integrations: every member connects their own Google Calendar here (the shared card), and comes back here', async () => {
    const status = jest.spyOn(googleCalendar, 'status').mockResolvedValue({
      configured: true,
      state: 'not_connected',
      run: 'idle',
      email: null,
      lastSyncedAt: null,
      lastError: null,
    });
    const connectUrl = jest.spyOn(googleCalendar, 'connectUrl').mockReturnValue('#stay');
    const toasts: Toast[] = [];
    const sub = bus.on('toast:show').subscribe((t) => toasts.push(t));
    try {
      renderAt('/settings/profile/integrations?googleCalendar=connected');
      expect(await screen.findByRole('tab', { name: 'Integrations', selected: true })).toBeInTheDocument();
      // The tab's content loads with it (lazy).
      expect(await screen.findByText(/Your own connections in Studio/)).toBeInTheDocument();
      expect(await screen.findByText(GOOGLE_CALENDAR_MESSAGES.notConnected)).toBeInTheDocument();
      await waitFor(() => expect(toasts.map((t) => t.message)).toEqual([GOOGLE_CALENDAR_MESSAGES.results.connected]));
      fireEvent.click(screen.getByRole('button', { name: 'Connect Google Calendar' }));
      await waitFor(() => expect(connectUrl).toHaveBeenCalledWith('profile'));
      expect(status).toHaveBeenCalledTimes(2);
    } finally {
      sub.unsubscribe();
    }
  });

  it('an unknown tab goes back to general', async () => {
    renderAt('/settings/profile/nope');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/settings\/profile$/));
  });
});

describe('general', () => {
  it('saves the profile fields (blank optional fields become null) and the session takes the answer', async () => {
    const update = jest.spyOn(identity, 'updateProfile').mockImplementation(async (input) => {
      const next = { ...me, ...(input as Partial<User>) };
      setTestSession({ user: next });
      return next;
    });
    renderAt('/settings/profile');
    const first = screen.getByLabelText(/^First name/);
    expect(first).toHaveValue('Maya');
    expect(screen.getByLabelText(/^City/)).toHaveValue('Lisbon');
    fireEvent.change(first, { target: { value: 'Maia' } });
    fireEvent.change(screen.getByLabelText(/^City/), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText(/^Industry/), { target: { value: 'Design' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith({
        firstName: 'Maia',
        lastName: 'Lin',
        phoneNumber: null,
        city: null,
        state: null,
        country: null,
        industry: 'Design',
      }),
    );
    expect(await screen.findByTestId('toast-stack')).toHaveTextContent(PROFILE_MESSAGES.updated);
    expect(sessionView.user?.firstName).toBe('Maia');
  });

  it('checks with the shared schema first, and puts server field errors on the fields', async () => {
    const update = jest
      .spyOn(identity, 'updateProfile')
      .mockRejectedValue(
        new ApiError(400, 'VALIDATION_ERROR', 'Invalid data', [{ field: 'lastName', message: 'Server says no' }]),
      );
    renderAt('/settings/profile');
    fireEvent.change(screen.getByLabelText(/^First name/), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/^First name/), { target: { value: 'Maya' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Server says no')).toBeInTheDocument();
  });

  it('uploads a picture (checked by type and size first) and can remove it', async () => {
    const upload = jest.spyOn(identity, 'uploadPicture').mockImplementation(async () => {
      const next = { ...me, picture: '/api/v1/users/u1/picture/medium?v=abc' };
      setTestSession({ user: next });
      return next;
    });
    const remove = jest.spyOn(identity, 'deletePicture').mockImplementation(async () => {
      const next = { ...me };
      setTestSession({ user: next });
      return next;
    });
    const { container } = renderAt('/settings/profile');
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toBe('image/png,image/jpeg,image/webp,image/gif');
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText(PROFILE_MESSAGES.pictureType)).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [png] } });
    await waitFor(() => expect(upload).toHaveBeenCalledWith(png, 'me.png'));
    expect(await screen.findByTestId('toast-stack')).toHaveTextContent(PROFILE_MESSAGES.pictureUpdated);
    expect(screen.getByRole('img', { name: 'Maya Lin' })).toHaveAttribute(
      'src',
      '/api/v1/users/u1/picture/medium?v=abc',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(remove).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument());
  });

  it('pictureProblem refuses other types and files over 2 MB', () => {
    expect(pictureProblem(new File(['x'], 'a.png', { type: 'image/png' }))).toBeNull();
    expect(pictureProblem(new File(['x'], 'a.svg', { type: 'image/svg+xml' }))).toBe(PROFILE_MESSAGES.pictureType);
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'a.jpg', { type: 'image/jpeg' });
    expect(pictureProblem(big)).toBe(PROFILE_MESSAGES.pictureSize);
  });
});

describe('security', () => {
  const sessions: SessionInfo[] = [
    {
      id: 's1',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36',
      ip: '10.0.0.1',
      createdAt: '2026-01-01T10:00:00.000Z',
      lastUsedAt: '2026-01-02T10:00:00.000Z',
      current: true,
    },
    {
      id: 's2',
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; rv:140.0) Gecko/20100101 Firefox/140.0',
      ip: '10.0.0.2',
      createdAt: '2026-01-01T10:00:00.000Z',
      lastUsedAt: '2026-01-01T11:00:00.000Z',
      current: false,
    },
  ];

  it('lists the sessions, signs one out, then all the others after confirming', async () => {
    let list = sessions;
    jest.spyOn(identity, 'sessions').mockImplementation(async () => list);
    const revoke = jest.spyOn(identity, 'revokeSession').mockImplementation(async () => {
      list = [sessions[0] as SessionInfo];
      return { success: true };
    });
    const others = jest.spyOn(identity, 'revokeOtherSessions').mockResolvedValue({ success: true });
    renderAt('/settings/profile/security');
    const table = await screen.findByRole('table', { name: 'Active sessions' });
    const rows = within(table).getAllByTestId('session-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Chrome on Linux');
    expect(rows[0]).toHaveTextContent('This device');
    expect(within(rows[0] as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Firefox on Windows');
    fireEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: /Sign out Firefox on Windows/ }));
    await waitFor(() => expect(revoke).toHaveBeenCalledWith('s2'));
    await waitFor(() => expect(within(table).getAllByTestId('session-row')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Sign out other sessions' })).toBeDisabled();

    list = sessions;
    await screen.findByRole('table');
    // Refetch after a change elsewhere shows both again; the bulk action asks first.
    fireEvent.click(screen.getByRole('tab', { name: 'General' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Security' }));
    const bulk = await screen.findByRole('button', { name: 'Sign out other sessions' });
    await waitFor(() => expect(bulk).toBeEnabled());
    fireEvent.click(bulk);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(SECURITY_MESSAGES.othersConfirm);
    expect(others).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out others' }));
    await waitFor(() => expect(others).toHaveBeenCalledTimes(1));
    expect(await screen.findByTestId('toast-stack')).toHaveTextContent(SECURITY_MESSAGES.othersRevoked);
  });

  it('changes the password; a wrong current password shows on its field', async () => {
    jest.spyOn(identity, 'sessions').mockResolvedValue([]);
    const change = jest
      .spyOn(identity, 'changePassword')
      .mockRejectedValueOnce(
        new ApiError(400, 'VALIDATION_ERROR', IDENTITY_MESSAGES.currentPasswordWrong, [
          { field: 'currentPassword', message: IDENTITY_MESSAGES.currentPasswordWrong },
        ]),
      )
      .mockResolvedValueOnce({ success: true });
    renderAt('/settings/profile/security');
    fireEvent.change(screen.getByLabelText(/^Current password/), { target: { value: 'old-pass-1' } });
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'new-pass-22' } });
    fireEvent.change(screen.getByLabelText(/^Confirm new password/), { target: { value: 'new-pass-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(change).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/^Confirm new password/), { target: { value: 'new-pass-22' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(IDENTITY_MESSAGES.currentPasswordWrong)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Current password/), { target: { value: 'right-pass-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(change).toHaveBeenLastCalledWith({ currentPassword: 'right-pass-1', newPassword: 'new-pass-22' }),
    );
    expect(await screen.findByTestId('toast-stack')).toHaveTextContent(IDENTITY_MESSAGES.passwordChanged);
    expect(screen.getByLabelText(/^Current password/)).toHaveValue('');
  });

  it('describeAgent names browser and system', () => {
    expect(describeAgent(null)).toBe('Unknown device');
    expect(describeAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit Version/17 Safari/605')).toBe(
      'Safari on macOS',
    );
    expect(describeAgent('Mozilla/5.0 (Windows NT 10.0) Chrome/1 Safari/537 Edg/140')).toBe('Edge on Windows');
    expect(describeAgent('curl/8.5')).toBe('curl/8.5');
  });
});

describe('subscription', () => {
  afterEach(() => {
    remotesState.modules = {};
    remotesState.meta = {};
    remotesState.failed = {};
  });

  it('shows the page that serves /subscription inside the tab, without naming its remote', async () => {
    remotesState.modules = {
      admin: {
        name: 'admin',
        routes: [
          { path: '/businesses/new', load: async () => ({ default: () => <p>Other page</p> }) },
          { path: '/subscription', load: async () => ({ default: () => <p>The plan page</p> }) },
        ],
        nav: [],
        newMenu: [],
        widgets: [],
      },
    };
    renderAt('/settings/profile/subscription');
    expect(await screen.findByText('The plan page')).toBeInTheDocument();
    expect(screen.queryByText('Other page')).not.toBeInTheDocument();
  });

  it('says so, with Try again, when the app serving it cannot load', async () => {
    remotesState.meta = { admin: { routes: ['/subscription'], nav: [], newMenu: [] } };
    remotesState.failed = { admin: 'failed to load' };
    renderAt('/settings/profile/subscription');
    expect(await screen.findByTestId('remote-error-panel')).toHaveTextContent(/not responding right now \(admin\)/);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
