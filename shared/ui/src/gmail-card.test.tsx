import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { bus, type Toast } from '@atrium/event-bus';
import { GmailCard, GmailGateModal, type MailboxCalls, type MailboxStatus, type MailboxTexts } from './gmail-card';
import { UiProvider } from './providers';

// The comms slice's texts are handed in by the apps; the UI's own test uses texts of the same shape.
const M: MailboxTexts = {
  title: 'Gmail',
  notConfigured: 'Gmail is not set up here.',
  notConfiguredHint: 'Set the client id.',
  notConnected: 'Connect your mailbox.',
  connectedAs: (email) => (email ? `Connected as ${email}` : 'Connected'),
  reconnect: 'Reconnect to send again.',
  connect: 'Connect Gmail',
  reconnectButton: 'Reconnect Gmail',
  disconnect: 'Disconnect',
  disconnected: 'Gmail disconnected',
  statusFailed: 'Failed to fetch Gmail integration status',
  disconnectFailed: 'Failed to disconnect Gmail integration',
  gateTitle: 'Connect Google Workspace to continue',
  gateCancel: 'Cancel',
  gateConnect: 'Connect Gmail',
  results: { connected: 'Gmail connected', denied: 'Not granted.', failed: 'Failed.', not_configured: 'Not set up.' },
};

const status = (over: Partial<MailboxStatus> = {}): MailboxStatus => ({
  configured: true,
  state: 'connected',
  connected: true,
  email: 'ada@studio.example',
  lastError: null,
  ...over,
});

function fakeCalls(first: MailboxStatus = status()) {
  return {
    status: jest.fn<Promise<MailboxStatus>, []>().mockResolvedValue(first),
    disconnect: jest.fn<Promise<MailboxStatus>, []>(),
    connectUrl: (from: 'profile' | 'emails' | 'campaign') => `/api/v1/integrations/gmail/connect?from=${from}`,
  } satisfies MailboxCalls;
}

let toasts: Toast[] = [];
let sub: { unsubscribe(): void };
beforeEach(() => {
  toasts = [];
  sub = bus.on('toast:show').subscribe((t) => toasts.push(t));
});
afterEach(() => sub.unsubscribe());

function renderCard(calls: MailboxCalls, url = '/settings/profile/integrations', navigate = jest.fn()) {
  render(
    <UiProvider>
      <MemoryRouter initialEntries={[url]}>
        <GmailCard calls={calls} texts={M} resultParam="gmail" navigate={navigate} />
      </MemoryRouter>
    </UiProvider>,
  );
  return navigate;
}

describe('GmailCard', () => {
  it('not set up: says so plainly with nothing to press', async () => {
    renderCard(fakeCalls(status({ configured: false, state: 'not_configured', connected: false, email: null })));
    expect(await screen.findByText(M.notConfigured)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('not connected: Connect Gmail goes to Google through the connect URL', async () => {
    const navigate = renderCard(fakeCalls(status({ state: 'not_connected', connected: false, email: null })));
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Gmail' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/api/v1/integrations/gmail/connect?from=profile'));
  });

  it('connected: shows the address; Disconnect after a confirmation', async () => {
    const calls = fakeCalls();
    calls.disconnect.mockResolvedValue(status({ state: 'not_connected', connected: false, email: null }));
    renderCard(calls);
    expect(await screen.findByText('Connected as ada@studio.example')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText(M.notConnected)).toBeInTheDocument();
    expect(toasts.map((t) => t.message)).toContain('Gmail disconnected');
  });

  it('reconnect needed: a warning and Reconnect Gmail', async () => {
    renderCard(fakeCalls(status({ state: 'reconnect', connected: false })));
    expect(await screen.findByText(M.reconnect)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reconnect Gmail' })).toBeInTheDocument();
  });

  it('a status that fails to load says the spec’s text with Try again', async () => {
    const calls = fakeCalls();
    calls.status.mockRejectedValueOnce(new Error('down'));
    renderCard(calls);
    expect(await screen.findByText(M.statusFailed)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByText('Connected as ada@studio.example')).toBeInTheDocument();
  });

  it('says the result Google’s redirect came back with, once', async () => {
    renderCard(fakeCalls(), '/settings/profile/integrations?gmail=connected');
    await waitFor(() => expect(toasts.map((t) => t.message)).toEqual(['Gmail connected']));
  });
});

describe('GmailGateModal', () => {
  it('has the spec’s title, Cancel and Connect Gmail', async () => {
    const onClose = jest.fn();
    const navigate = jest.fn();
    render(
      <UiProvider>
        <GmailGateModal opened onClose={onClose} connectHref="/connect?from=campaign" texts={M} navigate={navigate} />
      </UiProvider>,
    );
    expect(await screen.findByText('Connect Google Workspace to continue')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Connect Gmail' }));
    expect(navigate).toHaveBeenCalledWith('/connect?from=campaign');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });
});
