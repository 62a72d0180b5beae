import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@atrium/event-bus';
import { DOCUMENT_MESSAGES, documents } from '@atrium/domain-documents';
import { envelope, makeDocument, makeSummary, renderWithProviders } from '../test-utils';
import DocumentsPage from './documents-page';

const open = (path = '/documents') => renderWithProviders(<DocumentsPage />, path, '/documents');

describe('/documents', () => {
  afterEach(() => jest.restoreAllMocks());

  it('lists the documents the API answers, with the range and the query from the address bar', async () => {
    const list = jest.spyOn(documents, 'list').mockResolvedValue(
      envelope(
        [
          makeSummary(1, {
            title: 'Smith invoice',
            total: 123450,
            status: 'sent',
            contact: { _id: 'c1', name: 'Jane Smith', email: null },
          }),
          makeSummary(2, { title: 'NDA', type: 'contract', number: null, total: null, currency: null }),
        ],
        42,
        3,
      ),
    );
    open('/documents?search=smith&type=invoice&page=3');
    const table = await screen.findByRole('table', { name: 'Documents' });
    expect(list).toHaveBeenCalledWith(
      { page: 3, limit: 20, search: 'smith', type: 'invoice', status: undefined, isTemplate: false },
      expect.anything(),
    );
    const row = within(table).getByText('Smith invoice').closest('tr')!;
    expect(within(row).getByText('Invoice')).toBeInTheDocument();
    expect(within(row).getByText('Jane Smith')).toBeInTheDocument();
    expect(within(row).getByText('Sent')).toBeInTheDocument();
    expect(within(row).getByText('$1,234.50')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Smith invoice' })).toHaveAttribute('href', '/documents/view/d1');
    expect(within(table).getByRole('link', { name: 'NDA' })).toHaveAttribute('href', '/documents/editor/d2');
    expect(screen.getByTestId('documents-range')).toHaveTextContent('Showing 41–42 of 42 documents');
  });

  it("offers a questionnaire's responses from its menu", async () => {
    jest
      .spyOn(documents, 'list')
      .mockResolvedValue(envelope([makeSummary(4, { title: 'Intake', type: 'questionnaire', number: null })]));
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Intake' }));
    expect(await screen.findByRole('menuitem', { name: 'Responses' })).toHaveAttribute(
      'href',
      '/documents/responses/d4',
    );
  });

  it('says so when nothing matches', async () => {
    jest.spyOn(documents, 'list').mockResolvedValue(envelope([], 0));
    open('/documents?status=paid');
    expect(await screen.findByText('No documents match your search or filters.')).toBeInTheDocument();
  });

  it('deletes a document after the confirmation', async () => {
    jest.spyOn(documents, 'list').mockResolvedValue(envelope([makeSummary(1, { title: 'Old quote' })]));
    const remove = jest.spyOn(documents, 'remove').mockResolvedValue(undefined);
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Old quote' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(DOCUMENT_MESSAGES.deleteConfirm)).toBeInTheDocument();
    expect(remove).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('d1', expect.anything()));
  });

  it("shows the PDF call's message in a toast when the answer is bad", async () => {
    jest.spyOn(documents, 'list').mockResolvedValue(envelope([makeSummary(1, { title: 'Broken' })]));
    jest.spyOn(documents, 'pdf').mockRejectedValue(new Error(DOCUMENT_MESSAGES.pdfParseFailed));
    const error = jest.spyOn(toast, 'error');
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Broken' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Download PDF' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to parse base64 PDF response'));
  });

  it('starts a document from a template and opens it in the editor', async () => {
    const list = jest
      .spyOn(documents, 'list')
      .mockResolvedValue(envelope([makeSummary(5, { title: 'Standard contract', isTemplate: true, number: null })]));
    const fromTemplate = jest.spyOn(documents, 'createFromTemplate').mockResolvedValue(makeDocument(9));
    open('/documents?templates=1');
    await screen.findByRole('table', { name: 'Templates' });
    expect(list).toHaveBeenCalledWith(expect.objectContaining({ isTemplate: true }), expect.anything());
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Standard contract' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Use template' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/documents/editor/d9'));
    expect(fromTemplate).toHaveBeenCalledWith('d5');
  });
});
