import { screen, within } from '@testing-library/react';
import { documents } from '@atrium/domain-documents/public';
import type { DocumentSummary } from '@atrium/domain-documents/public';
import { renderWithProviders } from '../../test-utils';
import { ProjectDocuments } from './project-documents';

const doc = (over: Partial<DocumentSummary>): DocumentSummary => ({
  _id: 'd1',
  type: 'invoice',
  status: 'sent',
  title: 'Deposit invoice',
  number: 'INV-0001',
  contactId: null,
  contact: null,
  projectId: 'p1',
  project: { _id: 'p1', name: 'Smith wedding' },
  isTemplate: false,
  templateId: null,
  currency: 'USD',
  total: 50000,
  dueDate: null,
  expiresAt: null,
  sentAt: null,
  viewedAt: null,
  completedAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

describe('project documents tab', () => {
  afterEach(() => jest.restoreAllMocks());

  it("lists the project's documents from the documents slice's public call, each linked to its page", async () => {
    const ofProject = jest
      .spyOn(documents, 'ofProject')
      .mockResolvedValue([doc({}), doc({ _id: 'd2', type: 'contract', title: 'Contract', number: null, total: null })]);
    renderWithProviders(<ProjectDocuments projectId="p1" />, '/projects/p1/documents');
    const table = await screen.findByRole('table', { name: 'Project documents' });
    expect(ofProject).toHaveBeenCalledWith('p1');
    const row = within(table).getByText('Deposit invoice').closest('tr')!;
    expect(within(row).getByText('Invoice')).toBeInTheDocument();
    expect(within(row).getByText('INV-0001')).toBeInTheDocument();
    expect(within(row).getByText('Sent')).toBeInTheDocument();
    expect(within(row).getByText('$500.00')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Contract' })).toHaveAttribute('href', '/documents/view/d2');
  });

  it('says so when the project has none', async () => {
    jest.spyOn(documents, 'ofProject').mockResolvedValue([]);
    renderWithProviders(<ProjectDocuments projectId="p1" />, '/projects/p1/documents');
    expect(await screen.findByText('No documents in this project yet.')).toBeInTheDocument();
  });
});
