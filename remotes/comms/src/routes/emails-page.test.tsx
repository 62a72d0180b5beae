import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { clearTestSession, sampleUser, setTestSession } from '@atrium/api-client/testing';
import { campaigns, type Campaign, type EmailTemplateSummary } from '@atrium/domain-comms';
import { renderWithProviders } from '../test-utils';
import EmailsPage from './emails-page';

const campaign: Campaign = {
  _id: 'c1',
  name: 'November news',
  subject: 'News',
  templateId: 't1',
  status: 'sent',
  audience: { groupIds: [], tagIds: [], status: null },
  sendAt: null,
  startedAt: '2026-11-02T10:00:00Z',
  finishedAt: '2026-11-02T10:05:00Z',
  note: null,
  sender: { _id: 'u1', name: 'Ann Owner' },
  total: 10,
  counts: { queued: 0, sending: 0, sent: 8, failed: 1, bounced: 1, unknown: 0 },
  createdAt: '2026-11-01T10:00:00Z',
};

const template: EmailTemplateSummary = {
  _id: 't1',
  name: 'Welcome',
  subject: 'Welcome aboard',
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-01T10:00:00Z',
};

const renderAt = (url: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/emails/:tab?" element={<EmailsPage />} />
    </Routes>,
    url,
  );

beforeEach(() => setTestSession({ status: 'authenticated', user: sampleUser }));
afterEach(() => {
  jest.restoreAllMocks();
  clearTestSession();
});

test('campaigns: each with its status and sent count, the name linking to its page; no bin', async () => {
  jest.spyOn(campaigns, 'campaigns').mockResolvedValue([campaign]);
  renderAt('/emails/campaigns');
  const link = await screen.findByRole('link', { name: 'November news' });
  expect(link).toHaveAttribute('href', '/emails/campaigns/c1');
  const row = link.closest('tr')!;
  expect(within(row).getByText('Sent')).toBeInTheDocument();
  expect(within(row).getByText('8 / 10')).toBeInTheDocument();
  expect(within(row).queryByRole('button', { name: 'Delete November news' })).not.toBeInTheDocument();
});

test('campaigns: none yet, and a failed load with Try again', async () => {
  jest.spyOn(campaigns, 'campaigns').mockResolvedValueOnce([]);
  renderAt('/emails/campaigns');
  expect(await screen.findByText('No campaigns yet. Create one to email a group of contacts.')).toBeInTheDocument();

  jest.spyOn(campaigns, 'templates').mockRejectedValueOnce(new Error('down'));
  fireEvent.click(screen.getByRole('tab', { name: 'Templates' }));
  const alert = await screen.findByRole('alert');
  expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
});

test('templates: the bin asks first, then deletes the template', async () => {
  jest.spyOn(campaigns, 'templates').mockResolvedValue([template]);
  const remove = jest.spyOn(campaigns, 'deleteTemplate').mockResolvedValue(undefined);
  renderAt('/emails/templates');
  const link = await screen.findByRole('link', { name: 'Welcome' });
  expect(link).toHaveAttribute('href', '/emails/templates/t1/edit');
  expect(within(link.closest('tr')!).getByText('Welcome aboard')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Delete Welcome' }));
  expect(
    await screen.findByText("Delete the template 'Welcome'? Campaigns already sent keep their copy."),
  ).toBeInTheDocument();
  expect(remove).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(remove).toHaveBeenCalledWith('t1'));
});
