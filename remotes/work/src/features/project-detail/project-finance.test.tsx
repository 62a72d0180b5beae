import { screen, within } from '@testing-library/react';
import { ApiError } from '@atrium/api-client';
import { finance, type FinanceProject } from '@atrium/domain-documents/public';
import { renderWithProviders } from '../../test-utils';
import { ProjectFinance } from './project-finance';

afterEach(() => jest.restoreAllMocks());

const answer: FinanceProject = {
  totals: [{ currency: 'USD', invoiced: 16_000, paid: 2_000, outstanding: 14_000, overdue: 10_000 }],
  invoices: [
    {
      _id: 'd1',
      number: 'INV-0007',
      title: 'Kitchen',
      status: 'sent',
      overdue: true,
      contactId: null,
      contactName: null,
      projectId: 'p1',
      currency: 'USD',
      total: 10_000,
      paid: 0,
      balance: 10_000,
      dueDate: '2026-11-01T00:00:00.000Z',
      sentAt: '2026-10-01T00:00:00.000Z',
      createdAt: '2026-10-01T00:00:00.000Z',
    },
  ],
  payments: [
    {
      _id: 'pay1',
      documentId: 'd2',
      invoiceNumber: 'INV-0008',
      invoiceTitle: 'Loft',
      contactName: null,
      method: 'card',
      status: 'succeeded',
      kind: 'deposit',
      currency: 'USD',
      amount: 2_000,
      refunded: 0,
      net: 2_000,
      paidAt: '2026-11-02T10:00:00.000Z',
      createdAt: '2026-11-02T10:00:00.000Z',
    },
  ],
};

describe("project's finance tab", () => {
  it('shows the totals, the invoices (linked, overdue marked) and the payments', async () => {
    const call = jest.spyOn(finance, 'ofProject').mockResolvedValue(answer);
    renderWithProviders(<ProjectFinance projectId="p1" />, '/projects/p1/finance');
    expect(await screen.findByTestId('project-Invoiced')).toHaveTextContent('$160.00');
    expect(screen.getByTestId('project-Paid')).toHaveTextContent('$20.00');
    expect(screen.getByTestId('project-Outstanding')).toHaveTextContent('$140.00');
    expect(screen.getByTestId('project-Overdue')).toHaveTextContent('$100.00');
    const invoices = screen.getByRole('table', { name: 'Project invoices' });
    expect(within(invoices).getByRole('link', { name: 'INV-0007' })).toHaveAttribute('href', '/documents/view/d1');
    expect(within(invoices).getByText('Overdue')).toBeInTheDocument();
    const payments = screen.getByRole('table', { name: 'Project payments' });
    expect(within(payments).getByText('INV-0008')).toBeInTheDocument();
    expect(within(payments).getByText('Card')).toBeInTheDocument();
    expect(within(payments).getByText('Paid')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith('p1');
  });

  it('says so when the project has no invoices, and when it could not be loaded', async () => {
    jest.spyOn(finance, 'ofProject').mockResolvedValueOnce({ totals: [], invoices: [], payments: [] });
    const { unmount } = renderWithProviders(<ProjectFinance projectId="p1" />, '/projects/p1/finance');
    expect(await screen.findByText('No invoices in this project yet.')).toBeInTheDocument();
    unmount();
    jest.spyOn(finance, 'ofProject').mockRejectedValue(new ApiError(500, 'INTERNAL_ERROR', 'Boom'));
    renderWithProviders(<ProjectFinance projectId="p1" />, '/projects/p1/finance');
    expect(await screen.findByText("The project's finance could not be loaded")).toBeInTheDocument();
  });
});
