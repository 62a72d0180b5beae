import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@atrium/api-client';
import { FORM_MESSAGES, documents, payments, publicDocuments, publicForms } from '@atrium/domain-documents';
import { makeDocument, renderWithProviders } from '../test-utils';
import { makeQuestion } from '../test-forms';
import DocumentViewPage from './document-view-page';

const open = (path: string) => renderWithProviders(<DocumentViewPage />, path, '/documents/view/:id');

const invoice = makeDocument(1, {
  title: 'Invoice for Jane',
  status: 'sent',
  blocks: [
    { id: 'b1', type: 'heading', text: 'Hello Jane', level: 1 },
    { id: 'b2', type: 'richText', html: '<p>Thanks for your business, Jane.</p>' },
  ],
  lineItems: [
    {
      id: 'l1',
      description: 'Photography',
      quantity: '2',
      unitPrice: 10000,
      discount: null,
      taxRateId: 't1',
      amount: 22000,
    },
  ],
  totals: {
    subtotal: 20000,
    discount: 0,
    taxes: [{ taxRateId: 't1', name: 'VAT', rate: 1000, taxable: 20000, amount: 2000 }],
    tax: 2000,
    total: 22000,
    deposit: 0,
    balance: 22000,
  },
});

describe('/documents/view/:id', () => {
  beforeEach(() => {
    // The owner's view of an invoice shows its payments (features/payments, tested there).
    jest
      .spyOn(payments, 'ofInvoice')
      .mockResolvedValue({ payments: [], currency: 'USD', total: 22000, paid: 0, balance: 22000 });
  });
  afterEach(() => jest.restoreAllMocks());

  it('an unpaid invoice through its link offers Pay invoice (the pay page); a paid one does not', async () => {
    jest.spyOn(publicDocuments, 'view').mockResolvedValue({ document: invoice, business: { name: 'Ann Photo' } });
    const { unmount } = open('/documents/view/d1?token=tok');
    expect(await screen.findByRole('link', { name: 'Pay invoice' })).toHaveAttribute(
      'href',
      '/invoices/pay?id=d1&token=tok',
    );
    expect(screen.queryByRole('region', { name: 'Payments' })).not.toBeInTheDocument();
    unmount();
    jest
      .spyOn(publicDocuments, 'view')
      .mockResolvedValue({ document: { ...invoice, status: 'paid' }, business: { name: 'Ann Photo' } });
    open('/documents/view/d1?token=tok2');
    expect(await screen.findByRole('heading', { name: 'Invoice for Jane' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pay invoice' })).not.toBeInTheDocument();
  });

  it("the owner's view of an invoice shows its payments, and no Pay invoice", async () => {
    jest.spyOn(documents, 'preview').mockResolvedValue({ document: invoice, unresolvedTags: [] });
    open('/documents/view/d1');
    expect(await screen.findByRole('region', { name: 'Payments' })).toBeInTheDocument();
    expect(payments.ofInvoice).toHaveBeenCalledWith('d1');
    expect(screen.queryByRole('link', { name: 'Pay invoice' })).not.toBeInTheDocument();
  });

  it('shows the public link signed out: the resolved texts, the lines and the totals', async () => {
    const view = jest
      .spyOn(publicDocuments, 'view')
      .mockResolvedValue({ document: invoice, business: { name: 'Ann Photo' } });
    open('/documents/view/d1?token=tok');
    expect(await screen.findByRole('heading', { name: 'Invoice for Jane' })).toBeInTheDocument();
    expect(view).toHaveBeenCalledWith('d1', 'tok');
    expect(screen.getByText(/from Ann Photo/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to documents' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Hello Jane' })).toBeInTheDocument();
    expect(screen.getByText('Thanks for your business, Jane.')).toBeInTheDocument();
    const totals = screen.getByRole('group', { name: 'Totals' });
    expect(within(totals).getByText('VAT (10%)').nextSibling).toHaveTextContent('$20.00');
    expect(within(totals).getByText('Total').nextSibling).toHaveTextContent('$220.00');
  });

  it.each([
    [404, 'NOT_FOUND', '/document-not-found'],
    [410, 'GONE', '/document-expired'],
  ])('a link answered %s (%s) goes to %s', async (status, code, to) => {
    jest.spyOn(publicDocuments, 'view').mockRejectedValue(new ApiError(status, code, 'no'));
    open('/documents/view/d1?token=forged');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(to));
  });

  it("signed in without a token, shows the business's own preview", async () => {
    const preview = jest.spyOn(documents, 'preview').mockResolvedValue({ document: invoice, unresolvedTags: [] });
    const view = jest.spyOn(publicDocuments, 'view');
    open('/documents/view/d1');
    expect(await screen.findByRole('heading', { name: 'Invoice for Jane' })).toBeInTheDocument();
    expect(preview).toHaveBeenCalledWith('d1');
    expect(view).not.toHaveBeenCalled();
    // A sent document cannot change: no way into the editor.
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('offers the editor for a draft seen signed in, never on the public link', async () => {
    const draft = { ...invoice, status: 'draft' as const };
    jest.spyOn(documents, 'preview').mockResolvedValue({ document: draft, unresolvedTags: [] });
    open('/documents/view/d1');
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/documents/editor/d1');
  });

  describe('a questionnaire through its link', () => {
    const questionnaire = makeDocument(2, {
      type: 'questionnaire',
      status: 'viewed',
      title: 'Wedding questionnaire',
      blocks: [
        { id: 'h1', type: 'heading', text: 'About the day', level: 1 },
        makeQuestion('q1', 'shortText', { label: 'Venue', required: true }),
        { id: 't1', type: 'richText', html: '<p>And the rest of it.</p>' },
        makeQuestion('q2', 'singleChoice', { label: 'Colour' }),
      ],
    });

    it('is answered where it is read: its text between the questions, the rules checked, then sent once', async () => {
      jest
        .spyOn(publicDocuments, 'view')
        .mockResolvedValue({ document: questionnaire, business: { name: 'Ann Photo' } });
      const answer = jest
        .spyOn(publicForms, 'answerQuestionnaire')
        .mockResolvedValue({ message: FORM_MESSAGES.submitted });
      open('/documents/view/d2?token=tok');
      expect(await screen.findByRole('heading', { name: 'About the day' })).toBeInTheDocument();
      expect(screen.getByText('And the rest of it.')).toBeInTheDocument();
      // A questionnaire asks no contact details and has no honeypot: the link already names its client.
      expect(screen.queryByRole('textbox', { name: /First name/ })).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
      expect(screen.getByRole('textbox', { name: /Venue/ })).toHaveAccessibleDescription(FORM_MESSAGES.required);
      expect(answer).not.toHaveBeenCalled();
      await userEvent.type(screen.getByRole('textbox', { name: /Venue/ }), 'The old barn');
      await userEvent.click(screen.getByRole('radio', { name: 'Red' }));
      await userEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
      expect(answer).toHaveBeenCalledWith('d2', 'tok', { answers: { q1: 'The old barn', q2: 'Red' } });
      expect(await screen.findByRole('status')).toHaveTextContent(FORM_MESSAGES.submitted);
    });

    it('once answered (completed) it reads as answered, its questions shown but not asked', async () => {
      jest.spyOn(publicDocuments, 'view').mockResolvedValue({
        document: { ...questionnaire, status: 'completed' },
        business: { name: 'Ann Photo' },
      });
      open('/documents/view/d2?token=tok');
      expect(await screen.findByText(FORM_MESSAGES.alreadyAnswered)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Submit answers' })).not.toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: /Venue/ })).toBeDisabled();
    });

    it('signed in without a token the owner sees it read-only', async () => {
      jest.spyOn(documents, 'preview').mockResolvedValue({ document: questionnaire, unresolvedTags: [] });
      open('/documents/view/d2');
      expect(await screen.findByRole('heading', { name: 'Wedding questionnaire' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Submit answers' })).not.toBeInTheDocument();
    });
  });
});
