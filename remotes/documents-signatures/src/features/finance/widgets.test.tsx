import { screen } from '@testing-library/react';
import { ApiError } from '@atrium/api-client';
import { finance } from '@atrium/domain-documents';
import { renderWithProviders } from '../../test-utils';
import { makeOverview, makeSummary } from './finance-fixtures';
import RevenueSummaryWidget from './revenue-summary-widget';
import SalesOverviewWidget from './sales-overview-widget';

afterEach(() => jest.restoreAllMocks());

describe('revenue summary widget', () => {
  it('shows this month against last, outstanding and overdue in the currency', async () => {
    jest.spyOn(finance, 'overview').mockResolvedValue(
      makeOverview([
        makeSummary('USD', [100_000, 150_000], {
          outstanding: 42_000,
          outstandingCount: 3,
          overdue: 12_000,
          overdueCount: 1,
        }),
      ]),
    );
    renderWithProviders(<RevenueSummaryWidget />);
    expect(await screen.findByText('$1,500.00')).toBeInTheDocument();
    expect(screen.getByText('+50% vs last month')).toBeInTheDocument();
    expect(screen.getByText('$1,000.00')).toBeInTheDocument();
    expect(screen.getByText('Outstanding (3)')).toBeInTheDocument();
    expect(screen.getByText('$420.00')).toBeInTheDocument();
    expect(screen.getByText('Overdue (1)')).toBeInTheDocument();
    expect(screen.getByText('$120.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open finance →' })).toHaveAttribute('href', '/finance');
  });

  it('never adds currencies together: one block each', async () => {
    jest
      .spyOn(finance, 'overview')
      .mockResolvedValue(makeOverview([makeSummary('USD', [0, 5_000]), makeSummary('EUR', [0, 7_000])]));
    renderWithProviders(<RevenueSummaryWidget />);
    expect(await screen.findByText('This month (USD)')).toBeInTheDocument();
    expect(screen.getByText('This month (EUR)')).toBeInTheDocument();
    expect(screen.getByText('$50.00')).toBeInTheDocument();
    expect(screen.getByText('€70.00')).toBeInTheDocument();
  });

  it('says how to start when empty, and when the figures could not be loaded', async () => {
    jest.spyOn(finance, 'overview').mockResolvedValueOnce(makeOverview([]));
    const { unmount } = renderWithProviders(<RevenueSummaryWidget />);
    expect(await screen.findByRole('link', { name: 'Send your first invoice' })).toHaveAttribute(
      'href',
      '/documents/create?type=invoice',
    );
    unmount();
    jest.spyOn(finance, 'overview').mockRejectedValue(new ApiError(500, 'INTERNAL_ERROR', 'x'));
    renderWithProviders(<RevenueSummaryWidget />);
    expect(await screen.findByText('Revenue could not be loaded.')).toBeInTheDocument();
  });
});

describe('sales overview widget', () => {
  it('charts the last six months of the main currency with their total', async () => {
    jest
      .spyOn(finance, 'overview')
      .mockResolvedValue(makeOverview([makeSummary('USD', [99_999, 0, 0, 0, 0, 0, 10_000, 0, 0, 0, 0, 5_000])]));
    renderWithProviders(<SalesOverviewWidget />);
    // Only the last six months count: 100.00 + 50.00 (the 999.99 of a year ago is outside).
    expect(await screen.findByText('$150.00')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Revenue by month in USD' })).toBeInTheDocument();
  });

  it('says so when nothing was sold, and when it could not be loaded', async () => {
    jest.spyOn(finance, 'overview').mockResolvedValueOnce(makeOverview([makeSummary('USD', [], { outstanding: 5 })]));
    const { unmount } = renderWithProviders(<SalesOverviewWidget />);
    expect(await screen.findByText('No sales in the last six months.')).toBeInTheDocument();
    unmount();
    jest.spyOn(finance, 'overview').mockRejectedValue(new ApiError(500, 'INTERNAL_ERROR', 'x'));
    renderWithProviders(<SalesOverviewWidget />);
    expect(await screen.findByText('Sales could not be loaded.')).toBeInTheDocument();
  });
});
