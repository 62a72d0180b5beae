import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@atrium/api-client';
import { bus, type Toast } from '@atrium/event-bus';
import { documents, payments, type Document, type InvoicePayments, type Payment } from '@atrium/domain-documents';
import { renderWithProviders } from '../../test-utils';
import { InvoicePaymentsPanel, INVOICE_PAYMENTS_TEXTS as T } from './invoice-payments-panel';

const payment = (over: Partial<Payment> = {}): Payment => ({
  _id: 'p1',
  documentId: 'd1',
  invoiceNumber: 'INV-0007',
  method: 'card',
  kind: 'deposit',
  status: 'succeeded',
  amount: 10000,
  amountRefunded: 0,
  currency: 'USD',
  reason: null,
  receivedAmount: 10000,
  receivedCurrency: 'USD',
  paidAt: '2026-11-20T10:00:00.000Z',
  refundedAt: null,
  createdAt: '2026-11-20T09:59:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});
const answer = (rows: Payment[], over: Partial<InvoicePayments> = {}): InvoicePayments => ({
  payments: rows,
  currency: 'USD',
  total: 40000,
  paid: 10000,
  balance: 30000,
  ...over,
});

let toasts: Toast[];
let sub: { unsubscribe(): void };
beforeEach(() => {
  toasts = [];
  sub = bus.on('toast:show').subscribe((t) => toasts.push(t));
});
afterEach(() => {
  sub.unsubscribe();
  jest.restoreAllMocks();
});

const show = () => renderWithProviders(<InvoicePaymentsPanel documentId="d1" />);

describe('InvoicePaymentsPanel', () => {
  it('the totals and each payment: date, method, what it paid, status, amount, refunds', async () => {
    jest
      .spyOn(payments, 'ofInvoice')
      .mockResolvedValue(
        answer([
          payment({ _id: 'p2', kind: 'balance', status: 'partially_refunded', amount: 30000, amountRefunded: 5000 }),
          payment(),
          payment({ _id: 'p3', method: 'manual', kind: 'full', status: 'failed', reason: 'Your card was declined.' }),
        ]),
      );
    show();
    const table = await screen.findByRole('table', { name: 'Invoice payments' });
    const totals = screen.getByRole('group', { name: 'Payment totals' });
    expect(within(totals).getByText('Total').nextSibling).toHaveTextContent('$400.00');
    expect(within(totals).getByText('Paid').nextSibling).toHaveTextContent('$100.00');
    expect(within(totals).getByText('Balance').nextSibling).toHaveTextContent('$300.00');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent(/CardBalancePartially refunded\$300\.00\$50\.00/);
    expect(rows[1]).toHaveTextContent(/CardDepositPaid\$100\.00—/);
    expect(rows[2]).toHaveTextContent(/Marked paidFull amountFailedYour card was declined\./);
    expect(screen.queryByRole('button', { name: 'Apply to invoice' })).not.toBeInTheDocument();
  });

  it('no payments yet says so', async () => {
    jest.spyOn(payments, 'ofInvoice').mockResolvedValue(answer([], { paid: 0, balance: 40000 }));
    show();
    expect(await screen.findByText(T.none)).toBeInTheDocument();
  });

  it('a held payment says why and is applied only after the confirmation', async () => {
    const held = payment({
      status: 'held',
      amount: 10000,
      receivedAmount: 9000,
      reason: 'Paid amount $90.00 differs from the expected $100.00',
    });
    jest
      .spyOn(payments, 'ofInvoice')
      .mockResolvedValueOnce(answer([held], { paid: 0, balance: 40000 }))
      .mockResolvedValue(answer([{ ...held, status: 'succeeded' }], { paid: 9000, balance: 31000 }));
    const resolve = jest.spyOn(payments, 'resolve').mockResolvedValue({ ...held, status: 'succeeded' });
    show();
    expect(await screen.findByText(T.held)).toBeInTheDocument();
    const row = screen.getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Held for review');
    expect(row).toHaveTextContent('Paid amount $90.00 differs from the expected $100.00');
    // What Stripe received, not what was expected.
    expect(row).toHaveTextContent('$90.00');

    fireEvent.click(within(row).getByRole('button', { name: 'Apply to invoice' }));
    const dialog = await screen.findByRole('dialog', { name: T.applyTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(resolve).not.toHaveBeenCalled();

    fireEvent.click(within(row).getByRole('button', { name: 'Apply to invoice' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: T.applyTitle })).getByRole('button', { name: 'Apply' }),
    );
    await waitFor(() => expect(resolve).toHaveBeenCalledWith('p1', { action: 'apply' }));
    expect(await screen.findByText('$310.00')).toBeInTheDocument();
    expect(toasts.map((t) => [t.type, t.message])).toContainEqual(['success', T.applied]);
    expect(screen.queryByText(T.held)).not.toBeInTheDocument();
  });

  it('dismissing a held payment asks first; a refusal is said', async () => {
    jest
      .spyOn(payments, 'ofInvoice')
      .mockResolvedValue(answer([payment({ status: 'held', reason: 'Paid in EUR but the invoice is in USD' })]));
    jest
      .spyOn(payments, 'resolve')
      .mockRejectedValue(new ApiError(409, 'CONFLICT', 'Only a payment held for review can be resolved'));
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    const dialog = await screen.findByRole('dialog', { name: T.dismissTitle });
    expect(dialog).toHaveTextContent(T.dismissMessage);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(toasts.map((t) => [t.type, t.message])).toContainEqual([
        'error',
        'Only a payment held for review can be resolved',
      ]),
    );
  });

  it('a dismissed payment: no Apply or Dismiss, what came and went back in its own currency, the refund awaited then dated', async () => {
    const dismissed = payment({
      _id: 'p9',
      status: 'dismissed',
      amount: 10000,
      receivedAmount: 9000,
      receivedCurrency: 'EUR',
      reason: 'Paid in EUR but the invoice is in USD',
    });
    const ofInvoice = jest.spyOn(payments, 'ofInvoice').mockResolvedValue(answer([dismissed], { paid: 0 }));
    const first = show();
    const row = (await screen.findByText('Dismissed')).closest('tr')!;
    expect(within(row).queryByRole('button', { name: 'Apply to invoice' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
    expect(within(row).getByText(T.refunding)).toBeInTheDocument();
    expect(within(row).getByText('€90.00')).toBeInTheDocument();
    first.unmount();

    ofInvoice.mockResolvedValue(answer([{ ...dismissed, refundedAt: '2026-11-21T10:00:00.000Z' }], { paid: 0 }));
    show();
    const after = (await screen.findByText('Dismissed')).closest('tr')!;
    expect(within(after).queryByText(T.refunding)).not.toBeInTheDocument();
    expect(within(after).getAllByText('€90.00')).toHaveLength(2);
  });

  it('a failed load: the reason and Try again', async () => {
    jest
      .spyOn(payments, 'ofInvoice')
      .mockRejectedValueOnce(new ApiError(500, 'INTERNAL_ERROR', 'Database unavailable'))
      .mockResolvedValue(answer([]));
    show();
    expect(await screen.findByText(T.loadFailed)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(T.none)).toBeInTheDocument();
  });

  it('an open invoice paid another way is marked paid after a confirmation, and the panel reads it again', async () => {
    jest
      .spyOn(payments, 'ofInvoice')
      .mockResolvedValueOnce(answer([], { paid: 0, balance: 40000 }))
      .mockResolvedValue(
        answer([payment({ method: 'manual', kind: 'full', amount: 40000 })], { paid: 40000, balance: 0 }),
      );
    const update = jest.spyOn(documents, 'update').mockResolvedValue({ status: 'paid' } as Document);
    renderWithProviders(<InvoicePaymentsPanel documentId="d1" status="sent" />);

    fireEvent.click(await screen.findByRole('button', { name: T.markPaid }));
    const dialog = await screen.findByRole('dialog', { name: T.markPaidTitle });
    expect(dialog).toHaveTextContent('The balance of $400.00 is recorded as paid another way');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(update).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: T.markPaid }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: T.markPaidTitle })).getByRole('button', { name: T.markPaid }),
    );
    await waitFor(() => expect(update).toHaveBeenCalledWith('d1', { status: 'paid' }));
    expect(await screen.findByText('Marked paid')).toBeInTheDocument();
    expect(toasts.map((t) => t.message)).toContain(T.markedPaid);
  });

  it('no Mark as paid on a draft, a paid invoice, or without a balance', async () => {
    jest.spyOn(payments, 'ofInvoice').mockResolvedValue(answer([], { paid: 0, balance: 40000 }));
    const { unmount } = renderWithProviders(<InvoicePaymentsPanel documentId="d1" status="draft" />);
    expect(await screen.findByText(T.none)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.markPaid })).not.toBeInTheDocument();
    unmount();

    jest
      .spyOn(payments, 'ofInvoice')
      .mockResolvedValue(answer([payment({ amount: 40000 })], { paid: 40000, balance: 0 }));
    renderWithProviders(<InvoicePaymentsPanel documentId="d1" status="viewed" />);
    expect(await screen.findByRole('table', { name: 'Invoice payments' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.markPaid })).not.toBeInTheDocument();
  });
});
