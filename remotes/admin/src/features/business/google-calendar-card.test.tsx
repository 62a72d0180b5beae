import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@atrium/api-client';
import { clearTestSession } from '@atrium/api-client/testing';
import { googleCalendar, GOOGLE_CALENDAR_MESSAGES as M, type GoogleCalendarStatus } from '@atrium/domain-work/public';
import { collectToasts, renderRoutes, signIn } from '../../test-utils';
import { GoogleCalendarCard } from './google-calendar-card';

const status = (over: Partial<GoogleCalendarStatus> = {}): GoogleCalendarStatus => ({
  configured: true,
  state: 'connected',
  email: 'ada@gmail.com',
  lastSyncedAt: '2026-11-27T08:00:00.000Z',
  lastError: null,
  ...over,
});

let toasts: ReturnType<typeof collectToasts>;
beforeEach(() => {
  signIn();
  toasts = collectToasts();
});
afterEach(() => {
  toasts.stop();
  clearTestSession();
  jest.restoreAllMocks();
});

const where = () => screen.getByTestId('where').textContent;
function show(path = '/settings', props: Partial<Parameters<typeof GoogleCalendarCard>[0]> = {}) {
  const navigate = jest.fn();
  renderRoutes(path, {
    '/settings': <GoogleCalendarCard current businessName="Analytical Engines" navigate={navigate} {...props} />,
  });
  return navigate;
}

describe('Google Calendar card', () => {
  it('not set up: said plainly, nothing to press', async () => {
    jest
      .spyOn(googleCalendar, 'status')
      .mockResolvedValue(status({ configured: false, state: 'not_configured', email: null }));
    show();
    expect(await screen.findByText(M.notConfigured)).toBeInTheDocument();
    expect(screen.getByText('Not set up')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('not connected: Connect renews the status, then leaves for the API’s connect URL (302 to Google)', async () => {
    const get = jest.spyOn(googleCalendar, 'status').mockResolvedValue(status({ state: 'not_connected', email: null }));
    const navigate = show();
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Google Calendar' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/api/v1/integrations/google-calendar/connect'));
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('connected as {email}: last synced, Sync now queues a sync, Disconnect asks first and then forgets it', async () => {
    jest.spyOn(googleCalendar, 'status').mockResolvedValue(status());
    const sync = jest.spyOn(googleCalendar, 'sync').mockResolvedValue(status());
    const disconnect = jest
      .spyOn(googleCalendar, 'disconnect')
      .mockResolvedValue(status({ state: 'not_connected', email: null, lastSyncedAt: null }));
    show();
    expect(await screen.findByText('Connected as ada@gmail.com')).toBeInTheDocument();
    expect(screen.getByText(/^Last synced: /).textContent).not.toContain(M.neverSynced);
    fireEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(sync).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(toasts.toasts.map((t) => t.message)).toContain(M.syncQueued));

    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Disconnect Google Calendar?')).toBeInTheDocument();
    expect(disconnect).not.toHaveBeenCalled();
    fireEvent.click(screen.getAllByRole('button', { name: 'Disconnect' }).at(-1)!);
    await waitFor(() => expect(disconnect).toHaveBeenCalledTimes(1));
    expect(await screen.findByRole('button', { name: 'Connect Google Calendar' })).toBeInTheDocument();
    expect(toasts.toasts.map((t) => t.message)).toContain(M.disconnected);
  });

  it('reconnect needed: a warning with Google’s reason, and Reconnect', async () => {
    jest
      .spyOn(googleCalendar, 'status')
      .mockResolvedValue(status({ state: 'reconnect', lastError: 'Token has been expired or revoked.' }));
    const navigate = show();
    expect(await screen.findByText(M.reconnect)).toBeInTheDocument();
    expect(screen.getByText('Reconnect needed')).toBeInTheDocument();
    expect(screen.getByText(/Token has been expired or revoked/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reconnect' }));
    await waitFor(() => expect(navigate).toHaveBeenCalled());
  });

  it('back from Google: the result is shown once as a toast and dropped from the address', async () => {
    jest.spyOn(googleCalendar, 'status').mockResolvedValue(status());
    show('/settings?tab=integrations&googleCalendar=connected');
    await waitFor(() => expect(toasts.toasts.map((t) => t.message)).toEqual([M.results.connected]));
    await waitFor(() => expect(where()).toBe('/settings?tab=integrations'));
  });

  it('refused at Google: an error toast says so', async () => {
    jest.spyOn(googleCalendar, 'status').mockResolvedValue(status({ state: 'not_connected', email: null }));
    show('/settings?tab=integrations&googleCalendar=denied');
    await waitFor(() => expect(toasts.errors()).toEqual([M.results.denied]));
  });

  it('a failed Sync now says so in an error toast', async () => {
    jest.spyOn(googleCalendar, 'status').mockResolvedValueOnce(status());
    jest.spyOn(googleCalendar, 'sync').mockRejectedValue(new ApiError(400, 'VALIDATION_ERROR', M.reconnectError));
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(toasts.errors().length).toBe(1));
  });

  it('another business than the current one: says to switch, asks nothing', async () => {
    const get = jest.spyOn(googleCalendar, 'status');
    show('/settings', { current: false });
    expect(await screen.findByText(/Switch to Analytical Engines to connect it here/)).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
  });

  it('the status cannot load: Try again asks again', async () => {
    const get = jest
      .spyOn(googleCalendar, 'status')
      .mockRejectedValueOnce(new ApiError(500, 'INTERNAL_ERROR', 'Server error'))
      .mockResolvedValue(status());
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Connected as ada@gmail.com')).toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(2);
  });
});
