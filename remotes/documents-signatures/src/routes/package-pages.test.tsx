import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@atrium/api-client';
import { contacts } from '@atrium/domain-crm/public';
import {
  documents,
  packages,
  publicDocuments,
  publicPackages,
  type Package,
  type PublicPackage,
} from '@atrium/domain-documents';
import { envelope, makeDocument, makeSummary, renderWithProviders } from '../test-utils';
import PackageBuilderPage from './package-builder-page';
import PackageViewPage from './package-view-page';

const client = { _id: 'c1', name: 'Jane Doe', email: 'jane@example.com' };
const pkg = (over: Partial<Package> = {}): Package => ({
  _id: 'p1',
  name: 'Onboarding',
  status: 'draft',
  contactId: 'c1',
  contact: client,
  itemCount: 0,
  doneCount: 0,
  sentAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  steps: [],
  currentStep: null,
  ...over,
});

describe('/packages/new', () => {
  afterEach(() => jest.restoreAllMocks());

  it('builds a package: the client’s documents added, reordered with Up/Down, saved in that order', async () => {
    jest
      .spyOn(contacts, 'list')
      .mockResolvedValue(envelope([{ _id: 'c1', firstName: 'Jane', lastName: 'Doe' }], 1, 1, 100) as never);
    const list = jest
      .spyOn(documents, 'list')
      .mockResolvedValue(
        envelope([
          makeSummary(1, { title: 'Contract', type: 'contract', contactId: 'c1' }),
          makeSummary(2, { title: 'Invoice', contactId: 'c1' }),
        ]),
      );
    const create = jest.spyOn(packages, 'create').mockResolvedValue(pkg());
    renderWithProviders(<PackageBuilderPage />, '/packages/new', '/packages/:id');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Onboarding');
    await user.click(screen.getByRole('combobox', { name: 'Client' }));
    await user.click(await screen.findByRole('option', { name: 'Jane Doe' }));
    await waitFor(() => expect(list).toHaveBeenCalledWith(expect.objectContaining({ contactId: 'c1' })));
    await user.click(await screen.findByRole('button', { name: /\+ Contract/ }));
    await user.click(screen.getByRole('button', { name: /\+ Invoice/ }));
    const steps = screen.getByRole('list', { name: 'Package documents' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Step 1: Contract', 'Step 2: Invoice']);
    expect(screen.getByRole('button', { name: 'Move Contract up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move Invoice up' }));
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Step 1: Invoice', 'Step 2: Contract']);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(create).toHaveBeenCalledWith({ name: 'Onboarding', contactId: 'c1', documentIds: ['d2', 'd1'] });
  });

  it('shows the server’s field messages beside the name and the document they concern', async () => {
    jest.spyOn(contacts, 'list').mockResolvedValue(envelope([], 0, 1, 100) as never);
    jest
      .spyOn(packages, 'create')
      .mockRejectedValue(
        new ApiError(400, 'VALIDATION_ERROR', 'Invalid package data', [{ field: 'name', message: 'Name is required' }]),
      );
    renderWithProviders(<PackageBuilderPage />, '/packages/new', '/packages/:id');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
  });
});

describe('/packages/view/:id', () => {
  afterEach(() => jest.restoreAllMocks());
  const step = (i: number, over: Partial<PublicPackage['steps'][number]> = {}) => ({
    documentId: `d${i}`,
    title: `Document ${i}`,
    type: 'invoice' as const,
    status: 'sent' as const,
    done: false,
    token: `t${i}`,
    url: `/documents/view/d${i}?token=t${i}`,
    ...over,
  });
  const flow = (steps: PublicPackage['steps'], currentStep: number | null): PublicPackage => ({
    package: { _id: 'p1', name: 'Onboarding', status: 'sent' },
    business: { name: 'Ann Photo' },
    steps,
    currentStep,
  });

  it('walks the steps: the first shows its document through its own link; Next once it is done, Back', async () => {
    const view = jest
      .spyOn(publicPackages, 'view')
      .mockResolvedValueOnce(flow([step(1, { title: 'Contract', type: 'contract' }), step(2, { title: 'Invoice' })], 0))
      .mockResolvedValue(
        flow(
          [
            step(1, { title: 'Contract', type: 'contract', done: true, status: 'viewed' }),
            step(2, { title: 'Invoice' }),
          ],
          1,
        ),
      );
    const doc = jest.spyOn(publicDocuments, 'view').mockImplementation(async (id) => ({
      document: makeDocument(Number(id.slice(1)), { title: id === 'd1' ? 'Contract' : 'Invoice', status: 'sent' }),
      business: { name: 'Ann Photo' },
    }));
    renderWithProviders(<PackageViewPage />, '/packages/view/p1?token=tok', '/packages/view/:id');
    expect(await screen.findByRole('heading', { name: 'Onboarding' })).toBeInTheDocument();
    expect(view).toHaveBeenCalledWith('p1', 'tok');
    expect(await screen.findByRole('heading', { name: 'Contract' })).toBeInTheDocument();
    expect(doc).toHaveBeenCalledWith('d1', 't1');
    // Opening the contract completed the step: the flow is read again and Next opens step 2.
    const next = screen.getByRole('button', { name: 'Next' });
    await waitFor(() => expect(next).toBeEnabled());
    await userEvent.setup().click(next);
    expect(await screen.findByRole('heading', { name: 'Invoice' })).toBeInTheDocument();
    expect(doc).toHaveBeenCalledWith('d2', 't2');
    expect(screen.getByText('Step 2 of 2')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Step 1 of 2')).toBeInTheDocument();
  });

  it.each([
    [404, 'NOT_FOUND', '/document-not-found'],
    [410, 'GONE', '/document-expired'],
  ])('a link answered %i goes to %s', async (status, code, to) => {
    jest.spyOn(publicPackages, 'view').mockRejectedValue(new ApiError(status, code, 'x'));
    renderWithProviders(<PackageViewPage />, '/packages/view/p1?token=bad', '/packages/view/:id');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(to));
  });
});
