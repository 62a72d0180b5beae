import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { clearTestSession, sampleUser, setTestSession } from '@atrium/api-client/testing';
import { campaigns, gmail, type CampaignDetail, type EmailTemplate } from '@atrium/domain-comms';
import { renderWithProviders } from '../test-utils';
import CampaignCreatePage from './campaign-create-page';
import CampaignDetailPage from './campaign-detail-page';
import TemplateEditorPage from './template-editor-page';
import UnsubscribePage from './unsubscribe-page';

const status = (connected: boolean) => ({
  configured: true,
  state: connected ? ('connected' as const) : ('not_connected' as const),
  connected,
  email: connected ? 'owner@example.com' : null,
  lastError: null,
});

beforeEach(() => setTestSession({ status: 'authenticated', user: sampleUser }));
afterEach(() => {
  jest.restoreAllMocks();
  clearTestSession();
});

test('template editor: blocks added, merge tags warned, the plain text generated; save sends the blocks', async () => {
  const create = jest.spyOn(campaigns, 'createTemplate').mockResolvedValue({ _id: 't1' } as EmailTemplate);
  renderWithProviders(<TemplateEditorPage />, '/emails/templates/create');
  const user = userEvent.setup();
  const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  type(/Template name/, 'Spring');
  type(/^Subject/, 'Hi {{contact.nickname}}');
  expect(
    await screen.findByText('Unknown merge tag: {{contact.nickname}}. Use one of the listed tags.'),
  ).toBeInTheDocument();
  type(/^Subject/, 'Hi {{contact.firstName}}');
  expect(screen.queryByText(/Unknown merge tag/)).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Divider' }));
  expect(screen.getAllByTestId('block-divider')).toHaveLength(1);
  expect((screen.getByLabelText('Plain-text part') as HTMLTextAreaElement).value).toContain(
    'Heading\n\nWrite your message.',
  );
  await user.click(screen.getByRole('button', { name: 'Save template' }));
  await waitFor(() => expect(create).toHaveBeenCalled());
  const input = create.mock.calls[0]![0];
  expect(input).toMatchObject({ name: 'Spring', subject: 'Hi {{contact.firstName}}', text: null });
  expect(input.blocks.map((b) => b.type)).toEqual(['heading', 'text', 'divider']);
  expect(await screen.findByTestId('location')).toHaveTextContent('/emails/templates');
});

test('template editor: a template without a name is not sent; the message says why', async () => {
  const create = jest.spyOn(campaigns, 'createTemplate');
  renderWithProviders(<TemplateEditorPage />, '/emails/templates/create');
  await userEvent.click(screen.getByRole('button', { name: 'Save template' }));
  expect(await screen.findByText('Template name is required')).toBeInTheDocument();
  expect(screen.getByText('Subject is required')).toBeInTheDocument();
  expect(create).not.toHaveBeenCalled();
});

test('new campaign: the recipient count shows; Gmail not connected → the gate modal, nothing sent', async () => {
  jest.spyOn(campaigns, 'templates').mockResolvedValue([
    {
      _id: 't1',
      name: 'Spring',
      subject: 'Hi',
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
    },
  ]);
  jest.spyOn(campaigns, 'audienceOptions').mockResolvedValue({ groups: [], tags: [] });
  jest.spyOn(campaigns, 'audienceCount').mockResolvedValue({ recipients: 3, unsubscribed: 1 });
  jest.spyOn(gmail, 'status').mockResolvedValue(status(false));
  const create = jest.spyOn(campaigns, 'createCampaign');
  renderWithProviders(<CampaignCreatePage />, '/emails/campaigns/create');
  expect(await screen.findByText('3 recipients (1 unsubscribed left out)')).toBeInTheDocument();
  await screen.findByText('Connect your Google Workspace mailbox to send emails to clients from your own address.');
  await userEvent.click(screen.getByRole('button', { name: 'Send campaign' }));
  expect(await screen.findByRole('dialog', { name: 'Connect Google Workspace to continue' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Connect Gmail' })).toBeInTheDocument();
  expect(create).not.toHaveBeenCalled();
});

test('new campaign: 0 recipients is refused before sending', async () => {
  jest.spyOn(campaigns, 'templates').mockResolvedValue([]);
  jest.spyOn(campaigns, 'audienceOptions').mockResolvedValue({ groups: [], tags: [] });
  jest.spyOn(campaigns, 'audienceCount').mockResolvedValue({ recipients: 0, unsubscribed: 0 });
  jest.spyOn(gmail, 'status').mockResolvedValue(status(true));
  const create = jest.spyOn(campaigns, 'createCampaign');
  renderWithProviders(<CampaignCreatePage />, '/emails/campaigns/create');
  expect(await screen.findByText('0 recipients')).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText(/Campaign name/), { target: { value: 'C' } });
  await userEvent.click(screen.getByRole('button', { name: 'Send campaign' }));
  expect(await screen.findByText(/^This campaign has no recipients/)).toBeInTheDocument();
  expect(screen.getByText('Choose a template')).toBeInTheDocument();
  expect(create).not.toHaveBeenCalled();
});

test("a campaign's page: counts per status and each recipient's status", async () => {
  const detail: CampaignDetail = {
    _id: 'c1',
    name: 'Spring',
    subject: 'Hi',
    templateId: 't1',
    status: 'sent',
    audience: { groupIds: [], tagIds: [], status: null },
    sendAt: null,
    startedAt: null,
    finishedAt: null,
    note: null,
    sender: { _id: 'u1', name: 'Ada Owner' },
    total: 2,
    counts: { queued: 0, sending: 0, sent: 1, failed: 1, bounced: 0, unknown: 0 },
    createdAt: '2026-01-01T00:00:00Z',
    html: '',
    text: '',
  };
  jest.spyOn(campaigns, 'campaign').mockResolvedValue(detail);
  jest.spyOn(campaigns, 'recipients').mockResolvedValue({
    data: [
      {
        _id: 'r1',
        email: 'a@example.com',
        name: 'A',
        contactId: null,
        status: 'sent',
        error: null,
        sentAt: '2026-01-01T00:00:00Z',
      },
      {
        _id: 'r2',
        email: 'b@example.com',
        name: 'B',
        contactId: null,
        status: 'failed',
        error: 'Invalid recipient',
        sentAt: null,
      },
    ],
    pagination: { total: 2, page: 1, limit: 50, totalPages: 1 },
  });
  renderWithProviders(
    <Routes>
      <Route path="/emails/campaigns/:id" element={<CampaignDetailPage />} />
    </Routes>,
    '/emails/campaigns/c1',
  );
  expect(await screen.findByRole('heading', { name: 'Spring' })).toBeInTheDocument();
  const rows = await screen.findAllByTestId('recipient-row');
  expect(rows[0]).toHaveTextContent('a@example.comASent');
  expect(rows[1]).toHaveTextContent('Invalid recipient');
  expect(screen.getByTestId('campaign-counts')).toHaveTextContent('Sent1');
});

test("a stopped campaign's Resume: for its sender, owners and admins; not for another member", async () => {
  const detail: CampaignDetail = {
    _id: 'c2',
    name: 'Stopped',
    subject: 'Hi',
    templateId: 't1',
    status: 'failed',
    audience: { groupIds: [], tagIds: [], status: null },
    sendAt: null,
    startedAt: null,
    finishedAt: null,
    note: 'The sender’s Gmail is not connected: connect Gmail and resume the campaign',
    sender: { _id: 'someone-else', name: 'Ada Owner' },
    total: 1,
    counts: { queued: 1, sending: 0, sent: 0, failed: 0, bounced: 0, unknown: 0 },
    createdAt: '2026-01-01T00:00:00Z',
    html: '',
    text: '',
  };
  jest.spyOn(campaigns, 'campaign').mockResolvedValue(detail);
  jest
    .spyOn(campaigns, 'recipients')
    .mockResolvedValue({ data: [], pagination: { total: 0, page: 1, limit: 50, totalPages: 0 } });
  const page = () =>
    renderWithProviders(
      <Routes>
        <Route path="/emails/campaigns/:id" element={<CampaignDetailPage />} />
      </Routes>,
      '/emails/campaigns/c2',
    );
  setTestSession({ status: 'authenticated', user: { ...sampleUser, role: 'member' } });
  const { unmount } = page();
  expect(await screen.findByRole('heading', { name: 'Stopped' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Resume' })).not.toBeInTheDocument();
  unmount();
  for (const user of [
    { ...sampleUser, role: 'admin' as const },
    { ...sampleUser, role: 'member' as const, id: 'someone-else' },
  ]) {
    setTestSession({ status: 'authenticated', user });
    const view = page();
    expect(await screen.findByRole('button', { name: 'Resume' })).toBeInTheDocument();
    view.unmount();
  }
});

test('unsubscribe page: asks, then confirms', async () => {
  jest
    .spyOn(campaigns, 'unsubscribeInfo')
    .mockResolvedValue({ businessName: 'Acme', email: 'a@example.com', unsubscribed: false });
  const unsub = jest
    .spyOn(campaigns, 'unsubscribe')
    .mockResolvedValue({ businessName: 'Acme', email: 'a@example.com', unsubscribed: true });
  renderWithProviders(
    <Routes>
      <Route path="/unsubscribe/:token" element={<UnsubscribePage />} />
    </Routes>,
    '/unsubscribe/r1.sig',
  );
  await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
  expect(unsub).toHaveBeenCalledWith('r1.sig');
  expect(await screen.findByText('You have been unsubscribed')).toBeInTheDocument();
});
