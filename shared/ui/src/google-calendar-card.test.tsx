import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { bus, type Toast } from '@atrium/event-bus';
import {
  GoogleCalendarCard,
  type CalendarConnectionCalls,
  type CalendarConnectionStatus,
  type CalendarConnectionTexts,
} from './google-calendar-card';
import { UiProvider } from './providers';

// The work slice's texts are handed in by the apps; the UI's own test uses texts of the same shape.
const M: CalendarConnectionTexts = {
  title: 'Google Calendar',
  notConfigured: 'Not set up here.',
  notConfiguredHint: 'Set the client id.',
  notConnected: 'Connect your calendar.',
  connectedAs: (email) => (email ? `Connected as ${email}` : 'Connected'),
  reconnect: 'Reconnect to resume.',
  syncQueued: 'Sync started',
  syncFollowUp: 'A sync is running: another one follows.',
  running: 'Syncing now…',
  runningThenAgain: 'Syncing now; another sync follows.',
  queuedRun: 'A sync is queued.',
  disconnected: 'Disconnected',
  disconnectFailed: 'Failed to disconnect.',
  syncFailed: 'Failed to start the sync.',
  neverSynced: 'Not synced yet',
  results: { connected: 'Connected!', denied: 'Not granted.', failed: 'Failed.', not_configured: 'Not set up.' },
};

const status = (over: Partial<CalendarConnectionStatus> = {}): CalendarConnectionStatus => ({
  configured: true,
  state: 'connected',
  run: 'idle',
  email: 'ada@gmail.com',
  lastSyncedAt: '2026-11-27T08:00:00.000Z',
  lastError: null,
  ...over,
});

function fakeCalls(first: CalendarConnectionStatus = status()) {
  return {
    status: jest.fn<Promise<CalendarConnectionStatus>, []>().mockResolvedValue(first),
    sync: jest.fn<Promise<CalendarConnectionStatus>, []>().mockResolvedValue(first),
    disconnect: jest.fn<Promise<CalendarConnectionStatus>, []>(),
    connectUrl: (from: 'profile' | 'business') => `/api/v1/integrations/google-calendar/connect?from=${from}`,
  } satisfies CalendarConnectionCalls;
}

let toasts: Toast[] = [];
let sub: { unsubscribe(): void };
beforeEach(() => {
  toasts = [];
  sub = bus.on('toast:show').subscribe((t) => toasts.push(t));
});
afterEach(() => sub.unsubscribe());
const messages = () => toasts.map((t) => t.message);
const errors = () => toasts.filter((t) => t.type === 'error').map((t) => t.message);

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{`${pathname}${search}`}</output>;
}

function show(
  calls: CalendarConnectionCalls,
  extra: Partial<Parameters<typeof GoogleCalendarCard>[0]> = {},
  path = '/settings',
) {
  const navigate = jest.fn();
  const onStatus = jest.fn();
  render(
    <UiProvider env="test">
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/settings"
            element={
              <>
                <GoogleCalendarCard
                  calls={calls}
                  texts={M}
                  resultParam="googleCalendar"
                  from="profile"
                  navigate={navigate}
                  onStatus={onStatus}
                  {...extra}
                />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </UiProvider>,
  );
  return { navigate, onStatus };
}

describe('GoogleCalendarCard', () => {
  it('not set up: said plainly, nothing to press', async () => {
    show(fakeCalls(status({ configured: false, state: 'not_configured', email: null })));
    expect(await screen.findByText(M.notConfigured)).toBeInTheDocument();
    expect(screen.getByText('Not set up')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('not connected: Connect renews the status, then leaves for the connect URL of its tab', async () => {
    const calls = fakeCalls(status({ state: 'not_connected', email: null }));
    const { navigate } = show(calls);
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Google Calendar' }));
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('/api/v1/integrations/google-calendar/connect?from=profile'),
    );
    expect(calls.status).toHaveBeenCalledTimes(2);
  });

  it('connected as {email}: Sync now queues a sync; Disconnect asks first, then forgets it; each status is handed on', async () => {
    const calls = fakeCalls();
    calls.disconnect.mockResolvedValue(status({ state: 'not_connected', email: null, lastSyncedAt: null }));
    const { onStatus } = show(calls, { from: 'business' });
    expect(await screen.findByText('Connected as ada@gmail.com')).toBeInTheDocument();
    expect(screen.getByText(/^Last synced: /).textContent).not.toContain(M.neverSynced);
    fireEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(messages()).toContain(M.syncQueued));
    expect(calls.sync).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Disconnect Google Calendar?')).toBeInTheDocument();
    expect(calls.disconnect).not.toHaveBeenCalled();
    fireEvent.click(screen.getAllByRole('button', { name: 'Disconnect' }).at(-1)!);
    expect(await screen.findByRole('button', { name: 'Connect Google Calendar' })).toBeInTheDocument();
    expect(messages()).toContain(M.disconnected);
    expect(onStatus).toHaveBeenLastCalledWith(expect.objectContaining({ state: 'not_connected' }));
  });

  it('Sync now during a run: the follow-up is said in the toast and on the card, which asks again until the runs end', async () => {
    jest.useFakeTimers();
    try {
      const calls = fakeCalls(status({ run: 'running' }));
      calls.sync.mockResolvedValue(status({ run: 'follow_up' }));
      show(calls, { pollMs: 1_000 });
      expect(await screen.findByText(M.running)).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Sync now' }));
      expect(await screen.findByText(M.runningThenAgain)).toBeInTheDocument();
      expect(messages()).toContain(M.syncFollowUp);
      // The runs end: the next poll says so, and polling stops.
      calls.status.mockResolvedValue(status({ run: 'idle', lastSyncedAt: '2026-11-27T09:00:00.000Z' }));
      await act(async () => {
        jest.advanceTimersByTime(1_000);
      });
      await waitFor(() => expect(screen.queryByText(M.runningThenAgain)).not.toBeInTheDocument());
      expect(screen.queryByText(M.running)).not.toBeInTheDocument();
      const asked = calls.status.mock.calls.length;
      await act(async () => {
        jest.advanceTimersByTime(5_000);
      });
      expect(calls.status.mock.calls.length).toBe(asked);
    } finally {
      jest.useRealTimers();
    }
  });

  it('reconnect needed: a warning with Google’s reason, and Reconnect', async () => {
    const { navigate } = show(fakeCalls(status({ state: 'reconnect', lastError: 'Token has been revoked.' })));
    expect(await screen.findByText(M.reconnect)).toBeInTheDocument();
    expect(screen.getByText('Reconnect needed')).toBeInTheDocument();
    expect(screen.getByText(/Token has been revoked/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reconnect' }));
    await waitFor(() => expect(navigate).toHaveBeenCalled());
  });

  it('back from Google: the result is shown once as a toast and dropped from the address', async () => {
    show(fakeCalls(), {}, '/settings?tab=integrations&googleCalendar=connected');
    await waitFor(() => expect(messages()).toEqual([M.results.connected]));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/settings?tab=integrations'));
  });

  it('refused at Google, or a failed Sync now: an error toast says so', async () => {
    const calls = fakeCalls();
    calls.sync.mockRejectedValue(new Error('Reconnect your Google Calendar first.'));
    show(calls, {}, '/settings?googleCalendar=denied');
    await waitFor(() => expect(errors()).toEqual([M.results.denied]));
    fireEvent.click(await screen.findByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(errors()).toEqual([M.results.denied, M.syncFailed]));
  });

  it('another business than the current one: says to switch, asks nothing', async () => {
    const calls = fakeCalls();
    show(calls, { current: false, businessName: 'Analytical Engines' });
    expect(await screen.findByText(/Switch to Analytical Engines to connect it here/)).toBeInTheDocument();
    expect(calls.status).not.toHaveBeenCalled();
  });

  it('the status cannot load: Try again asks again', async () => {
    const calls = fakeCalls();
    calls.status.mockRejectedValueOnce(new Error('Server error')).mockResolvedValue(status());
    show(calls);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Connected as ada@gmail.com')).toBeInTheDocument();
    expect(calls.status).toHaveBeenCalledTimes(2);
  });
});
