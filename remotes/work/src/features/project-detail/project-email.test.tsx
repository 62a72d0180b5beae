import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { gmail, type GmailStatus, type GmailThread } from '@atrium/domain-comms/public';
import { renderWithProviders } from '../../test-utils';
import { ProjectEmail } from './project-email';

const connected: GmailStatus = {
  configured: true,
  state: 'connected',
  connected: true,
  email: 'ada@studio.example',
  lastError: null,
};

const thread: GmailThread = {
  threadId: 't1',
  subject: 'Kitchen quote',
  lastMessageAt: '2026-11-27T10:05:00.000Z',
  messages: [
    {
      id: 'm1',
      direction: 'sent',
      from: 'ada@studio.example',
      to: ['grace@client.example'],
      cc: [],
      subject: 'Kitchen quote',
      bodyHtml: '<p>Here is the quote</p>',
      remoteImages: 0,
      attachments: [],
      sentAt: '2026-11-27T10:00:00.000Z',
      rfcMessageId: '<a@atrium.mail>',
    },
    {
      id: 'm2',
      direction: 'received',
      from: 'Grace <grace@client.example>',
      to: ['ada@studio.example'],
      cc: [],
      subject: 'Re: Kitchen quote',
      bodyHtml: '<p>Looks good</p>',
      remoteImages: 0,
      attachments: [],
      sentAt: '2026-11-27T10:05:00.000Z',
      rfcMessageId: '<b@client.example>',
    },
  ],
};

describe('project email tab', () => {
  afterEach(() => jest.restoreAllMocks());

  it("shows the project's threads with sent and received messages", async () => {
    jest.spyOn(gmail, 'status').mockResolvedValue(connected);
    const list = jest.spyOn(gmail, 'projectThreads').mockResolvedValue([thread]);
    renderWithProviders(<ProjectEmail projectId="p1" />, '/projects/p1/email');
    const t = await screen.findByLabelText('Thread Kitchen quote');
    expect(list).toHaveBeenCalledWith('p1');
    expect(within(t).getByText('Here is the quote')).toBeInTheDocument();
    expect(within(t).getByText('Looks good')).toBeInTheDocument();
    expect(within(t).getByText('Received')).toBeInTheDocument();
  });

  it("a received email's remote images load only after Show images", async () => {
    jest.spyOn(gmail, 'status').mockResolvedValue(connected);
    const received = {
      ...thread.messages[1]!,
      bodyHtml: '<p>Looks good</p><img alt="photo" data-remote-src="https://img.client.example/p.jpg" />',
      remoteImages: 1,
    };
    jest.spyOn(gmail, 'projectThreads').mockResolvedValue([{ ...thread, messages: [thread.messages[0]!, received] }]);
    renderWithProviders(<ProjectEmail projectId="p1" />, '/projects/p1/email');
    const t = await screen.findByLabelText('Thread Kitchen quote');
    expect(within(t).getByText('Images in this email are hidden to protect your privacy.')).toBeInTheDocument();
    expect(within(t).getByAltText('photo')).not.toHaveAttribute('src');
    fireEvent.click(within(t).getByRole('button', { name: 'Show images' }));
    expect(within(t).getByAltText('photo')).toHaveAttribute('src', 'https://img.client.example/p.jpg');
    expect(within(t).queryByRole('button', { name: 'Show images' })).toBeNull();
  });

  it('Reply answers the client in the thread (threadId, In-Reply-To, Re: subject)', async () => {
    jest.spyOn(gmail, 'status').mockResolvedValue(connected);
    jest.spyOn(gmail, 'projectThreads').mockResolvedValue([thread]);
    const send = jest.spyOn(gmail, 'send').mockResolvedValue({ messageId: 'm3', threadId: 't1' });
    renderWithProviders(<ProjectEmail projectId="p1" />, '/projects/p1/email');
    fireEvent.click(await screen.findByRole('button', { name: 'Reply' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(/^To/)).toHaveValue('grace@client.example');
    expect(within(dialog).getByLabelText(/^Subject/)).toHaveValue('Re: Kitchen quote');
    fireEvent.change(within(dialog).getByLabelText(/^Message/), { target: { value: 'Thanks <Grace>' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith(
        expect.objectContaining({
          recipients: ['grace@client.example'],
          subject: 'Re: Kitchen quote',
          body: '<p>Thanks &lt;Grace&gt;</p>',
          projectId: 'p1',
          threadId: 't1',
          inReplyTo: '<b@client.example>',
        }),
      ),
    );
  });

  it('checks the email before sending: no recipient → the field says so and nothing is sent', async () => {
    jest.spyOn(gmail, 'status').mockResolvedValue(connected);
    jest.spyOn(gmail, 'projectThreads').mockResolvedValue([]);
    const send = jest.spyOn(gmail, 'send');
    renderWithProviders(<ProjectEmail projectId="p1" />, '/projects/p1/email');
    expect(await screen.findByText('No emails yet')).toBeInTheDocument();
    const newEmail = await screen.findByRole('button', { name: 'New email' });
    await waitFor(() => expect(newEmail).toBeEnabled());
    fireEvent.click(newEmail);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Subject/), { target: { value: 'Hello' } });
    fireEvent.change(within(dialog).getByLabelText(/^Message/), { target: { value: 'Hi' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Add at least one recipient')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it('a failed send says the server’s message', async () => {
    jest.spyOn(gmail, 'status').mockResolvedValue(connected);
    jest.spyOn(gmail, 'projectThreads').mockResolvedValue([]);
    jest.spyOn(gmail, 'send').mockRejectedValue(new Error('Failed to send email'));
    renderWithProviders(<ProjectEmail projectId="p1" />, '/projects/p1/email');
    const newEmail = await screen.findByRole('button', { name: 'New email' });
    await waitFor(() => expect(newEmail).toBeEnabled());
    fireEvent.click(newEmail);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^To/), { target: { value: 'c@client.example' } });
    fireEvent.change(within(dialog).getByLabelText(/^Subject/), { target: { value: 'Hello' } });
    fireEvent.change(within(dialog).getByLabelText(/^Message/), { target: { value: 'Hi' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Failed to send email')).toBeInTheDocument();
    // The draft stays open to try again.
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('without a connected Gmail: says so, links to the integrations, and New email is off', async () => {
    jest
      .spyOn(gmail, 'status')
      .mockResolvedValue({ ...connected, state: 'not_connected', connected: false, email: null });
    jest.spyOn(gmail, 'projectThreads').mockResolvedValue([]);
    renderWithProviders(<ProjectEmail projectId="p1" />, '/projects/p1/email');
    expect(await screen.findByRole('link', { name: 'Connect Gmail' })).toHaveAttribute(
      'href',
      '/settings/profile/integrations',
    );
    expect(screen.getByRole('button', { name: 'New email' })).toBeDisabled();
  });
});
