import { DOCUMENT_MESSAGES } from '@atrium/domain-documents';
import { makeDocument, makeTaxRate } from '../../test-utils';
import { draftOf, parsePercent, previewTotals, toUpdate, PRICE_TEXT, type Draft } from './editor-values';

const invoice = () =>
  draftOf(
    makeDocument(1, {
      lineItems: [
        {
          id: 'l1',
          description: 'Photography',
          quantity: '2',
          unitPrice: 12550,
          discount: { kind: 'percent', value: 1000 },
          taxRateId: 't1',
          amount: 0,
        },
      ],
      paymentSchedule: { kind: 'deposit_percent', value: 5000 },
    }),
  );

describe('editor values', () => {
  it('shows stored minor units and basis points as typed text', () => {
    const d = invoice();
    expect(d.lineItems[0]).toMatchObject({ price: '125.50', discountKind: 'percent', discount: '10', quantity: '2' });
    expect(d.deposit).toEqual({ kind: 'deposit_percent', value: '50' });
  });

  it('turns the typed invoice back into the PUT body in minor units and basis points', () => {
    const d: Draft = { ...invoice(), notes: 'Thanks', dueDate: '2026-12-01' };
    d.lineItems[0] = { ...d.lineItems[0]!, price: '99.9', discount: '7.25' };
    const { update, errors } = toUpdate(d, 'invoice');
    expect(errors).toEqual({});
    expect(update).toMatchObject({
      title: 'Document 1',
      currency: 'USD',
      dueDate: '2026-12-01',
      notes: 'Thanks',
      lineItems: [
        {
          id: 'l1',
          description: 'Photography',
          quantity: '2',
          unitPrice: 9990,
          discount: { kind: 'percent', value: 725 },
          taxRateId: 't1',
        },
      ],
      paymentSchedule: { kind: 'deposit_percent', value: 5000 },
    });
  });

  it("keeps a bad draft from being sent, with the field messages of the slice's schema", () => {
    const d = invoice();
    d.title = ' ';
    d.lineItems[0] = { ...d.lineItems[0]!, quantity: '-1', price: 'abc', description: '' };
    const { update, errors } = toUpdate(d, 'invoice');
    expect(update).toBeNull();
    expect(errors).toMatchObject({
      title: DOCUMENT_MESSAGES.titleRequired,
      'lineItems.0.quantity': DOCUMENT_MESSAGES.quantityNegative,
      'lineItems.0.unitPrice': PRICE_TEXT,
      'lineItems.0.description': DOCUMENT_MESSAGES.descriptionRequired,
    });
  });

  it('sends only the fields of its type', () => {
    const contract = draftOf(makeDocument(2, { type: 'contract', currency: null }));
    const { update } = toUpdate(contract, 'contract');
    expect(update).toHaveProperty('signers');
    expect(update).not.toHaveProperty('lineItems');
    expect(update).not.toHaveProperty('currency');
  });

  it("leaves out the blank line a choice question's options are being typed on", () => {
    const q = draftOf(makeDocument(3, { type: 'questionnaire', currency: null }));
    q.blocks = [
      {
        id: 'q1',
        type: 'question',
        kind: 'singleChoice',
        label: 'Package?',
        help: null,
        required: true,
        options: ['Gold', ''],
      },
    ];
    expect(toUpdate(q, 'questionnaire').errors).toEqual({ 'blocks.0.options': DOCUMENT_MESSAGES.optionsRequired });
    q.blocks = [{ ...q.blocks[0]!, options: ['Gold', 'Silver', ''] } as (typeof q.blocks)[number]];
    expect(toUpdate(q, 'questionnaire').update?.blocks).toEqual([
      expect.objectContaining({ options: ['Gold', 'Silver'] }),
    ]);
  });

  it('reads percents with up to two decimals', () => {
    expect(parsePercent('7.25')).toBe(725);
    expect(parsePercent('10')).toBe(1000);
    expect(parsePercent('1.234')).toBeNull();
    expect(parsePercent('x')).toBeNull();
  });

  it('previews the totals with the business tax rates, and says why they cannot be computed', () => {
    const rates = [makeTaxRate('t1', 'VAT', 2000)];
    const { totals } = previewTotals(invoice(), rates);
    // 2 × 125.50 = 251.00, −10 % = 225.90, +20 % VAT = 271.08; deposit 50 %.
    expect(totals).toMatchObject({ subtotal: 25100, discount: 2510, tax: 4518, total: 27108, deposit: 13554 });
    expect(previewTotals(invoice(), []).error).toBe(DOCUMENT_MESSAGES.unknownTaxRate);
  });
});
