import { toFieldErrors } from '@atrium/contracts';
import {
  canMoveStatus,
  documentInputSchema,
  documentListParamsSchema,
  documentUpdateSchema,
  isEditable,
  quantitySchema,
} from './document';
import { DOCUMENT_MESSAGES as M } from './messages';
import { taxRateInputSchema } from './tax-rate';

function errorsOf(input: unknown) {
  const r = documentInputSchema.safeParse(input);
  if (r.success) return [];
  return toFieldErrors(r.error);
}

const line = { description: 'Design', quantity: '2', unitPrice: 5000 };

describe('documentInputSchema', () => {
  it('an invoice with line items, discount, deposit and blocks', () => {
    const r = documentInputSchema.parse({
      type: 'invoice',
      title: ' March ',
      currency: 'eur',
      lineItems: [{ ...line, quantity: 1.5, discount: { kind: 'percent', value: 1000 }, taxRateId: 'vat' }],
      paymentSchedule: { kind: 'deposit_percent', value: 3000 },
      blocks: [
        { id: 'b1', type: 'richText', html: '<p>Thanks</p>' },
        { id: 'b2', type: 'heading', text: 'Terms' },
      ],
    });
    expect(r.title).toBe('March');
    expect(r.currency).toBe('EUR');
    expect(r.lineItems?.[0]).toMatchObject({ quantity: '1.5', taxRateId: 'vat', currency: null });
    expect(r.blocks[1]).toEqual({ id: 'b2', type: 'heading', text: 'Terms', level: 2 });
    expect(r.isTemplate).toBe(false);
    expect(r.contactId).toBeNull();
  });

  it('negative quantity and price, bad quantity, fractional cents: field messages', () => {
    expect(
      errorsOf({
        type: 'invoice',
        title: 'x',
        lineItems: [
          { ...line, quantity: '-1' },
          { ...line, unitPrice: -5 },
          { ...line, quantity: '1.2345' },
          { ...line, unitPrice: 10.5 },
          { ...line, quantity: -2 },
        ],
      }),
    ).toEqual([
      { field: 'lineItems.0.quantity', message: M.quantityNegative },
      { field: 'lineItems.1.unitPrice', message: M.priceNegative },
      { field: 'lineItems.2.quantity', message: M.quantityInvalid },
      { field: 'lineItems.3.unitPrice', message: M.priceInvalid },
      { field: 'lineItems.4.quantity', message: M.quantityNegative },
    ]);
  });

  it('currency: ISO code, and every line item in the invoice currency', () => {
    expect(errorsOf({ type: 'invoice', title: 'x', currency: 'dollars' })).toEqual([
      { field: 'currency', message: M.currencyInvalid },
    ]);
    expect(
      errorsOf({ type: 'invoice', title: 'x', currency: 'USD', lineItems: [{ ...line, currency: 'EUR' }] }),
    ).toEqual([{ field: 'lineItems.0.currency', message: M.currencyMismatch('USD') }]);
    expect(
      errorsOf({ type: 'invoice', title: 'x', currency: 'usd', lineItems: [{ ...line, currency: 'USD' }] }),
    ).toEqual([]);
  });

  it('blocks and fields by type: clauses in contracts, questions in questionnaires, line items in invoices', () => {
    expect(
      errorsOf({
        type: 'questionnaire',
        title: 'x',
        lineItems: [line],
        signers: [{ role: 'client' }],
        blocks: [{ id: 'c', type: 'clause', title: 'T', html: '' }],
      }).map((e) => e.field),
    ).toEqual(['lineItems', 'signers', 'blocks.0.type']);
    expect(
      errorsOf({ type: 'contract', title: 'x', blocks: [{ id: 'q', type: 'question', kind: 'date', label: 'When?' }] }),
    ).toEqual([{ field: 'blocks.0.type', message: M.questionsOnlyQuestionnaires }]);
  });

  it('questions: a label, two options for a choice, known kinds; block ids unique; unknown block types refused', () => {
    const fields = errorsOf({
      type: 'questionnaire',
      title: 'x',
      blocks: [
        { id: 'q1', type: 'question', kind: 'singleChoice', label: 'Pick', options: ['only one'] },
        { id: 'q2', type: 'question', kind: 'shortText', label: ' ' },
        { id: 'q1', type: 'divider' },
        { id: 'v', type: 'video' },
        { id: 'q3', type: 'question', kind: 'colour', label: 'Hue' },
      ],
    });
    expect(fields).toEqual(
      expect.arrayContaining([
        { field: 'blocks.0.options', message: M.optionsRequired },
        { field: 'blocks.1.label', message: M.questionLabelRequired },
        { field: 'blocks.3.type', message: expect.stringContaining('Block type must be one of') },
        { field: 'blocks.4.kind', message: expect.stringContaining('Question kind must be one of') },
      ]),
    );
  });

  it('contracts: signer roles once each, valid emails', () => {
    expect(
      errorsOf({
        type: 'contract',
        title: 'x',
        signers: [
          { role: 'owner', name: 'Me', email: 'me@example.com' },
          { role: 'owner', name: 'Me too', email: 'nope' },
        ],
      }).map((e) => e.message),
    ).toEqual([M.signerEmailInvalid, M.signerRoleTwice]);
  });

  it('a title is required; the type must be known', () => {
    expect(errorsOf({ type: 'memo', title: '' })).toEqual([
      { field: 'type', message: M.typeInvalid },
      { field: 'title', message: M.titleRequired },
    ]);
  });
});

describe('quantitySchema', () => {
  it('keeps a canonical string', () => {
    expect(quantitySchema.parse('001.500')).toBe('1.5');
    expect(quantitySchema.parse(3)).toBe('3');
    expect(quantitySchema.safeParse(0.1 + 0.2).success).toBe(false);
  });
});

describe('updates and statuses', () => {
  it('an update keeps what is left out and clears what is blank', () => {
    expect(documentUpdateSchema.parse({ title: 'New' })).toEqual({ title: 'New' });
    expect(documentUpdateSchema.parse({ contactId: '', dueDate: null })).toEqual({ contactId: null, dueDate: null });
  });

  it('by hand, only the final status from sent, viewed or expired', () => {
    expect(canMoveStatus('invoice', 'sent', 'paid')).toBe(true);
    expect(canMoveStatus('invoice', 'viewed', 'completed')).toBe(false);
    expect(canMoveStatus('contract', 'viewed', 'completed')).toBe(true);
    expect(canMoveStatus('contract', 'draft', 'completed')).toBe(false);
    expect(canMoveStatus('questionnaire', 'completed', 'sent')).toBe(false);
    expect(canMoveStatus('invoice', 'draft', 'sent')).toBe(false);
    expect(canMoveStatus('invoice', 'paid', 'paid')).toBe(true);
  });

  it('drafts and templates are editable; sent documents are not', () => {
    expect(isEditable({ status: 'draft', isTemplate: false })).toBe(true);
    expect(isEditable({ status: 'sent', isTemplate: false })).toBe(false);
    expect(isEditable({ status: 'draft', isTemplate: true })).toBe(true);
  });
});

test('list params: defaults, booleans from the query string, unknown values refused', () => {
  expect(documentListParamsSchema.parse({})).toMatchObject({
    page: 1,
    limit: 20,
    isTemplate: false,
    sortBy: 'updatedAt',
    sortOrder: 'desc',
  });
  expect(documentListParamsSchema.parse({ isTemplate: 'true', type: 'invoice' })).toMatchObject({
    isTemplate: true,
    type: 'invoice',
  });
  expect(documentListParamsSchema.safeParse({ status: 'lost' }).success).toBe(false);
});

test('tax rates: a name and basis points 0..10000', () => {
  expect(taxRateInputSchema.parse({ name: ' VAT ', rate: 2000 })).toEqual({ name: 'VAT', rate: 2000 });
  expect(taxRateInputSchema.safeParse({ name: 'x', rate: 7.5 }).success).toBe(false);
  expect(taxRateInputSchema.safeParse({ name: 'x', rate: 10_001 }).success).toBe(false);
  expect(taxRateInputSchema.safeParse({ name: '', rate: 1 }).success).toBe(false);
});
