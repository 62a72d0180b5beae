import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@atrium/api-client';
import { finance, type FinanceInvoice, type FinancePayment } from '@atrium/domain-documents';
import { envelope, renderWithProviders } from '../test-utils';
import { makeOverview, makeSummary } from '../features/finance/finance-fixtures';
import FinancePage from './finance-page';

afterEach(() => jest.restoreAllMocks());

const invoice = (i: number, over: Partial<FinanceInvoice> = {}): FinanceInvoice => ({
  _id: `d${i}`,
  number: `INV-000${i}`,
  title: `Invoice ${i}`,
  status: 'sent',
  overdue: false,
  contactId: null,
  contactName: 'Grace Hopper',
  projectId: null,
  currency: 'USD',
  total: 10_000,
  paid: 3_000,
  balance: 7_000,
  dueDate: '2026-11-01T00:00:00.000Z',
  sentAt: '2026-10-01T00:00:00.000Z',
  createdAt: '2026-10-01T00:00:00.000Z',
  ...over,
});
const payment = (i: number, over: Partial<FinancePayment> = {}): FinancePayment => ({
  _id: `p${i}`,
  documentId: `d${i}`,
  invoiceNumber: `INV-000${i}`,
  invoiceTitle: `Invoice ${i}`,
  contactName: 'Grace Hopper',
  method: 'card',
  status: 'succeeded',
  kind: 'deposit',
  currency: 'USD',
  amount: 3_000,
  refunded: 0,
  net: 3_000,
  paidAt: '2026-11-02T10:00:00.000Z',
  createdAt: '2026-11-02T10:00:00.000Z',
  ...over,
});

describe('/finance', () => {
  it('overview: per-currency figures, the counts linked to the invoices tab, and the chart', async () => {
    jest.spyOn(finance, 'overview').mockResolvedValue(
      makeOverview([
        makeSummary('USD', [20_000, 30_000], {
          outstanding: 70_000,
          outstandingCount: 2,
          overdue: 7_000,
          overdueCount: 1,
        }),
        makeSummary('EUR', [0, 4_000]),
      ]),
    );
    renderWithProviders(<FinancePage />, '/finance', '/finance');
    const usd = await screen.findByTestId('finance-USD');
    expect(within(usd).getByRole('heading', { name: 'USD' })).toBeInTheDocument();
    expect(within(usd).getByTestId('stat-This month')).toHaveTextContent('$300.00');
    expect(within(usd).getByText('Last month $200.00')).toBeInTheDocument();
    expect(within(usd).getByTestId('stat-Last 12 months')).toHaveTextContent('$500.00');
    expect(within(usd).getByTestId('stat-Outstanding')).toHaveTextContent('$700.00');
    expect(within(usd).getByTestId('stat-Overdue')).toHaveTextContent('$70.00');
    expect(within(screen.getByTestId('finance-EUR')).getByTestId('stat-This month')).toHaveTextContent('€40.00');
    expect(screen.getByRole('link', { name: '1 Overdue' })).toHaveAttribute('href', '/finance/invoices?status=overdue');
    expect(await screen.findByRole('img', { name: 'Revenue by month in USD' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  });

  it('overview: an empty business is told how to start; a failure offers Try again', async () => {
    jest.spyOn(finance, 'overview').mockResolvedValueOnce(makeOverview([]));
    const { unmount } = renderWithProviders(<FinancePage />, '/finance', '/finance');
    expect(await screen.findByText('No revenue or open invoices yet.')).toBeInTheDocument();
    unmount();
    const failing = jest.spyOn(finance, 'overview').mockRejectedValue(new ApiError(500, 'INTERNAL_ERROR', 'Boom'));
    failing.mockClear();
    renderWithProviders(<FinancePage />, '/finance', '/finance');
    expect(await screen.findByText('Finance could not be loaded')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(failing).toHaveBeenCalledTimes(2));
  });

  it('an unknown tab goes to the overview', async () => {
    jest.spyOn(finance, 'overview').mockResolvedValue(makeOverview([]));
    renderWithProviders(<FinancePage />, '/finance/bogus', '/finance/:tab');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/finance$/));
  });

  it('invoices: rows with paid and balance, overdue marked, the filters from the address', async () => {
    const list = jest
      .spyOn(finance, 'invoices')
      .mockResolvedValue(
        envelope([invoice(1, { overdue: true }), invoice(2, { status: 'draft', paid: 0, balance: 10_000 })], 45),
      );
    renderWithProviders(<FinancePage />, '/finance/invoices?status=overdue&from=2026-01-01&page=2', '/finance/:tab');
    const link = await screen.findByRole('link', { name: 'INV-0001' });
    expect(link).toHaveAttribute('href', '/documents/view/d1');
    expect(screen.getByRole('link', { name: 'INV-0002' })).toHaveAttribute('href', '/documents/editor/d2');
    const row = link.closest('tr')!;
    expect(within(row).getByText('Overdue')).toBeInTheDocument();
    expect(within(row).getByText('$100.00')).toBeInTheDocument();
    expect(within(row).getByText('$30.00')).toBeInTheDocument();
    expect(within(row).getByText('$70.00')).toBeInTheDocument();
    expect(screen.getByText('45 invoices')).toBeInTheDocument();
    expect(list).toHaveBeenCalledWith(
      { page: 2, status: 'overdue', contactId: undefined, from: '2026-01-01', to: undefined },
      expect.anything(),
    );
  });

  it('payments: method, status with refunds and net, held for review', async () => {
    jest
      .spyOn(finance, 'payments')
      .mockResolvedValueOnce(
        envelope([
          payment(1, { status: 'partially_refunded', amount: 8_000, refunded: 2_500, net: 5_500 }),
          payment(2, { method: 'manual', kind: 'full', status: 'held', net: 0 }),
        ]),
      );
    renderWithProviders(<FinancePage />, '/finance/payments', '/finance/:tab');
    const row = (await screen.findByRole('link', { name: 'INV-0001' })).closest('tr')!;
    expect(within(row).getByText('Partially refunded')).toBeInTheDocument();
    expect(within(row).getByText('$80.00')).toBeInTheDocument();
    expect(within(row).getByText('$25.00')).toBeInTheDocument();
    expect(within(row).getByText('$55.00')).toBeInTheDocument();
    expect(within(row).getByText('Card')).toBeInTheDocument();
    const held = screen.getByRole('link', { name: 'INV-0002' }).closest('tr')!;
    expect(within(held).getByText('Held for review')).toBeInTheDocument();
    expect(within(held).getByText('Manual')).toBeInTheDocument();
  });

  it('export: downloads the CSV the server made, under its file name; field errors show on the field', async () => {
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const run = jest
      .spyOn(finance, 'exportCsv')
      .mockResolvedValueOnce({ filename: 'finance-invoices-2026-01-01-to-2026-11-27.csv', rows: 2, csv: 'a\r\n' })
      .mockRejectedValueOnce(
        new ApiError(400, 'VALIDATION_ERROR', 'Validation failed', [
          { field: 'to', message: 'From must not be after To' },
        ]),
      );
    renderWithProviders(<FinancePage />, '/finance/export', '/finance/:tab');
    await userEvent.click(await screen.findByRole('button', { name: 'Export invoices' }));
    await waitFor(() => expect(saved).toEqual(['finance-invoices-2026-01-01-to-2026-11-27.csv']));
    expect(run.mock.calls[0]![0]).toMatchObject({ kind: 'invoices', from: expect.stringMatching(/^\d{4}-01-01$/) });
    await userEvent.click(screen.getByRole('button', { name: 'Export payments' }));
    expect(await screen.findByText('From must not be after To')).toBeInTheDocument();
    expect(run.mock.calls[1]![0]).toMatchObject({ kind: 'payments' });
  });
});
