import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@atrium/api-client';
import { contacts } from '@atrium/domain-crm/public';
import { projects } from '@atrium/domain-work/public';
import { documents, taxRates } from '@atrium/domain-documents';
import { envelope, makeDocument, makeTaxRate, renderWithProviders } from '../test-utils';
import DocumentEditorPage from './document-editor-page';
import DocumentCreatePage from './document-create-page';

const invoice = makeDocument(1, {
  title: 'Smith invoice',
  lineItems: [
    {
      id: 'l1',
      description: 'Photography',
      quantity: '2',
      unitPrice: 10000,
      discount: null,
      taxRateId: null,
      amount: 20000,
    },
  ],
});

function setup(doc = invoice) {
  jest.spyOn(contacts, 'list').mockResolvedValue(envelope([], 0, 1, 100) as never);
  jest.spyOn(projects, 'list').mockResolvedValue(envelope([], 0, 1, 100) as never);
  jest.spyOn(taxRates, 'list').mockResolvedValue([makeTaxRate('t1', 'VAT', 2000)]);
  jest.spyOn(documents, 'get').mockResolvedValue(doc);
  return renderWithProviders(<DocumentEditorPage />, `/documents/editor/${doc._id}`, '/documents/editor/:id');
}

const status = () => screen.getAllByRole('status').find((s) => s.textContent)!;

describe('/documents/editor/:id', () => {
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('previews the totals live with the business tax rates', async () => {
    setup();
    const totals = await screen.findByRole('group', { name: 'Totals' });
    expect(within(totals).getByText('Total').nextSibling).toHaveTextContent('$200.00');
    fireEvent.change(screen.getByLabelText('Unit price 1'), { target: { value: '150' } });
    fireEvent.change(screen.getByLabelText('Discount 1'), { target: { value: '10' } });
    await userEvent.click(screen.getByRole('combobox', { name: 'Tax rate 1' }));
    await userEvent.click(await screen.findByRole('option', { name: 'VAT (20%)' }));
    // 2 × 150 = 300, −10 % = 270, +20 % = 324.
    expect(within(totals).getByText('Subtotal').nextSibling).toHaveTextContent('$300.00');
    expect(within(totals).getByText('Discount').nextSibling).toHaveTextContent('−$30.00');
    expect(within(totals).getByText('VAT (20%)').nextSibling).toHaveTextContent('$54.00');
    expect(within(totals).getByText('Total').nextSibling).toHaveTextContent('$324.00');
    expect(screen.getByTestId('line-amount-1')).toHaveTextContent('$324.00');
  });

  it("autosaves: 'Saving…', then 'Saved'; a failed save says so, keeps the draft and retries", async () => {
    const update = jest
      .spyOn(documents, 'update')
      .mockRejectedValueOnce(new ApiError(503, 'SERVICE_UNAVAILABLE', 'Try later'))
      .mockImplementation(async (_id, body) => ({ ...invoice, title: String(body.title) }));
    setup();
    const title = await screen.findByRole('textbox', { name: 'Title' });
    fireEvent.change(title, { target: { value: 'Smith invoice v2' } });
    expect(status()).toHaveTextContent('Saving…');
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(await screen.findByText('Save failed —')).toBeInTheDocument();
    // Nothing lost: the field still holds what was typed.
    expect(title).toHaveValue('Smith invoice v2');
    await userEvent.click(screen.getByRole('button', { name: 'retry' }));
    await waitFor(() => expect(status()).toHaveTextContent('Saved'));
    expect(update).toHaveBeenCalledTimes(2);
    expect(update).toHaveBeenLastCalledWith('d1', expect.objectContaining({ title: 'Smith invoice v2' }));
  });

  it('does not save a draft with field errors and shows them', async () => {
    const update = jest.spyOn(documents, 'update');
    setup();
    fireEvent.change(await screen.findByLabelText('Quantity 1'), { target: { value: '-1' } });
    expect(await screen.findByText('Quantity cannot be negative')).toBeInTheDocument();
    expect(status()).toHaveTextContent('Not saved: fix the marked fields');
    await act(() => new Promise((r) => setTimeout(r, 1000)));
    expect(update).not.toHaveBeenCalled();
  });

  it('lists the merge tags that will render empty and asks before sending; then shows the link', async () => {
    jest.spyOn(documents, 'preview').mockResolvedValue({ document: invoice, unresolvedTags: ['contact.firstName'] });
    const send = jest.spyOn(documents, 'send').mockResolvedValue({
      document: { ...invoice, status: 'sent' },
      link: { url: '/documents/view/d1?token=abc', token: 'abc', expiresAt: '2026-12-27T00:00:00.000Z' },
      email: 'no_email',
      unresolvedTags: ['contact.firstName'],
    });
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this document?' });
    expect(within(dialog).getByText('These fields will show as empty to the client:')).toBeInTheDocument();
    expect(within(dialog).getByText('{{contact.firstName}}')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send anyway' }));
    const sent = await screen.findByRole('dialog', { name: 'Document sent' });
    expect(within(sent).getByLabelText('Link for the client')).toHaveValue(
      `${window.location.origin}/documents/view/d1?token=abc`,
    );
    expect(
      within(sent).getByText('Document sent. The contact has no email: share the link yourself.'),
    ).toBeInTheDocument();
    await userEvent.click(within(sent).getByRole('button', { name: 'Done' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/documents/view/d1');
  });

  it('inserts merge tags into a heading and at the cursor of a rich text block, and saves them', async () => {
    const contract = makeDocument(3, {
      type: 'contract',
      currency: null,
      blocks: [
        { id: 'h1', type: 'heading', text: 'Dear', level: 2 },
        { id: 'r1', type: 'richText', html: '<p>Welcome</p>' },
      ],
    });
    const update = jest.spyOn(documents, 'update').mockResolvedValue(contract);
    setup(contract);
    const [headingMenu, textMenu] = await screen.findAllByRole('button', { name: 'Insert field' });
    await userEvent.click(headingMenu!);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Contact first name' }));
    expect(screen.getByRole('textbox', { name: 'Heading' })).toHaveValue('Dear {{contact.firstName}}');
    // The rich-text editor loads lazily (the notes package's tiptap field).
    await waitFor(() => expect(document.querySelector('.ProseMirror')).not.toBeNull());
    await userEvent.click(textMenu!);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Business name' }));
    await waitFor(() => expect(document.querySelector('.ProseMirror')).toHaveTextContent('{{business.name}}'));
    await waitFor(
      () =>
        expect(update).toHaveBeenLastCalledWith(
          'd3',
          expect.objectContaining({
            blocks: [
              expect.objectContaining({ text: 'Dear {{contact.firstName}}' }),
              // At the cursor (the start: nothing was clicked in the text yet), not appended.
              expect.objectContaining({ html: '<p>{{business.name}}Welcome</p>' }),
            ],
          }),
        ),
      { timeout: 3000 },
    );
  });

  it('adds, reorders and removes blocks of the kinds its type allows', async () => {
    setup(makeDocument(2, { type: 'questionnaire', currency: null }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add block' }));
    expect(screen.queryByRole('menuitem', { name: 'Clause' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Question' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add block' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Heading' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Heading' }), { target: { value: 'About you' } });
    await userEvent.click(screen.getByRole('button', { name: 'Move Heading 2 up' }));
    const kinds = () => screen.getAllByTestId('block').map((b) => b.firstChild!.textContent);
    expect(kinds()).toEqual(['Heading↑↓', 'Question↑↓']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Question 2' }));
    expect(screen.getAllByTestId('block')).toHaveLength(1);
  });
});

describe('/documents/create', () => {
  afterEach(() => jest.restoreAllMocks());

  it('creates a draft of the type asked and replaces the address with its editor', async () => {
    const create = jest.spyOn(documents, 'create').mockResolvedValue(makeDocument(7));
    renderWithProviders(<DocumentCreatePage />, '/documents/create?type=contract', '/documents/create');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/documents/editor/d7'));
    expect(create).toHaveBeenCalledTimes(1);
    expect(create).toHaveBeenCalledWith({ type: 'contract', title: 'Untitled contract' });
  });

  it('asks which type without a known one', async () => {
    const create = jest.spyOn(documents, 'create');
    renderWithProviders(<DocumentCreatePage />, '/documents/create?type=memo', '/documents/create');
    expect(screen.getByText('What would you like to create?')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });
});
