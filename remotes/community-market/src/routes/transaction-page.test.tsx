import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@atrium/api-client';
import { marketplace } from '@atrium/domain-market';
import TransactionPage from './transaction-page';
import PurchasesPage from './purchases-page';
import SalesPage from './sales-page';
import { collectToasts, makeReview, makeTransaction, pageOf, renderRoutes } from '../test-utils';

const routes = {
  '/dashboard/transaction/:transactionId': <TransactionPage />,
  '/dashboard/purchases': <PurchasesPage />,
  '/dashboard/sales': <SalesPage />,
};

let toasts: ReturnType<typeof collectToasts>;
beforeEach(() => {
  toasts = collectToasts();
});
afterEach(() => {
  toasts.stop();
  jest.restoreAllMocks();
});

describe('/dashboard/transaction/{transactionId}', () => {
  it('a paid purchase: status, receipt, and the review form once (the rating is required)', async () => {
    const get = jest.spyOn(marketplace, 'transaction').mockResolvedValueOnce(makeTransaction());
    const review = jest.spyOn(marketplace, 'review').mockResolvedValue(makeReview());
    renderRoutes('/dashboard/transaction/t1', routes);
    expect(await screen.findByRole('heading', { name: 'Logo design' })).toBeInTheDocument();
    expect(screen.getByText('Paid')).toBeInTheDocument();
    const receipt = screen.getByRole('region', { name: 'Receipt' });
    expect(within(receipt).getByRole('heading', { name: 'Receipt MP-T1' })).toBeInTheDocument();
    expect(within(receipt).getByText('Sold by Ada Lovelace (Analytical Engines) to Grace Hopper')).toBeInTheDocument();
    expect(within(receipt).getByText('$120.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', '/user/u1');
    expect(screen.getByRole('link', { name: 'View the listing' })).toHaveAttribute('href', '/marketplace/listing/l1');

    const form = screen.getByRole('region', { name: 'Leave a review' });
    fireEvent.click(within(form).getByRole('button', { name: 'Post review' }));
    expect(await within(form).findByText('Choose a rating from 1 to 5')).toBeInTheDocument();
    expect(review).not.toHaveBeenCalled();

    get.mockResolvedValue(makeTransaction({ canReview: false, reviewId: 'r1' }));
    fireEvent.click(within(form).getByRole('radio', { name: '4 stars' }));
    expect(within(form).getByRole('radio', { name: '4 stars' })).toHaveAttribute('aria-checked', 'true');
    fireEvent.change(within(form).getByLabelText('Your review'), { target: { value: 'Quick and friendly.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Post review' }));
    await waitFor(() => expect(review).toHaveBeenCalledWith('t1', { rating: 4, text: 'Quick and friendly.' }));
    await waitFor(() => expect(toasts.messages()).toContain('Thank you for your review'));
    expect(await screen.findByText('You reviewed this purchase. Thank you!')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Leave a review' })).not.toBeInTheDocument();
  });

  it('back from Checkout while pending: processing, no receipt, no review; the seller’s side shows no form', async () => {
    jest
      .spyOn(marketplace, 'transaction')
      .mockResolvedValue(makeTransaction({ status: 'pending', paidAt: null, receipt: null, canReview: false }));
    renderRoutes('/dashboard/transaction/t1?checkout=success', routes);
    expect(await screen.findByText('Processing your payment…')).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Receipt' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Leave a review' })).not.toBeInTheDocument();
  });

  it('back from Checkout once paid: Payment received', async () => {
    jest.spyOn(marketplace, 'transaction').mockResolvedValue(makeTransaction());
    renderRoutes('/dashboard/transaction/t1?checkout=success', routes);
    expect(await screen.findByText('Payment received')).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace received your payment of $120.00.')).toBeInTheDocument();
  });

  it('a refunded sale, seen by the seller', async () => {
    jest.spyOn(marketplace, 'transaction').mockResolvedValue(
      makeTransaction({
        role: 'seller',
        status: 'refunded',
        amountRefunded: 12000,
        refundedAt: '2026-02-05T00:00:00.000Z',
        canReview: false,
        receipt: { ...makeTransaction().receipt!, amountRefunded: 12000 },
      }),
    );
    renderRoutes('/dashboard/transaction/t1', routes);
    expect(await screen.findByText('Refunded', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(screen.getByText('Sale')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute('href', '/user/u2');
    expect(within(screen.getByRole('region', { name: 'Receipt' })).getByText('−$120.00')).toBeInTheDocument();
  });

  it('someone else’s transaction: Transaction not found', async () => {
    jest.spyOn(marketplace, 'transaction').mockRejectedValue(new ApiError(404, 'NOT_FOUND', 'Transaction not found'));
    renderRoutes('/dashboard/transaction/t9', routes);
    expect(
      await screen.findByText('Transaction not found', { selector: '.mantine-Alert-title *, .mantine-Alert-title' }),
    ).toBeInTheDocument();
  });
});

describe('/dashboard/purchases and /dashboard/sales', () => {
  it('lists purchases with the seller, status and amount, each opening its transaction', async () => {
    const purchases = jest.spyOn(marketplace, 'purchases').mockResolvedValue(pageOf([makeTransaction()]));
    renderRoutes('/dashboard/purchases', routes);
    const table = await screen.findByRole('table', { name: 'Purchases' });
    const row = within(table).getByRole('row', { name: /Logo design/ });
    expect(row).toHaveTextContent('Ada Lovelace');
    expect(row).toHaveTextContent('Paid');
    expect(row).toHaveTextContent('$120.00');
    expect(within(row).getByRole('link', { name: 'Logo design' })).toHaveAttribute('href', '/dashboard/transaction/t1');
    expect(purchases).toHaveBeenCalledWith({ page: 1 });
  });

  it('sales name the buyer; none yet says so', async () => {
    const sales = jest.spyOn(marketplace, 'sales').mockResolvedValue(pageOf([makeTransaction({ role: 'seller' })]));
    renderRoutes('/dashboard/sales', routes);
    const table = await screen.findByRole('table', { name: 'Sales' });
    expect(within(table).getByRole('columnheader', { name: 'Buyer' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Logo design/ })).toHaveTextContent('Grace Hopper');
    expect(sales).toHaveBeenCalled();
  });

  it('no purchases yet', async () => {
    jest.spyOn(marketplace, 'purchases').mockResolvedValue(pageOf([]));
    renderRoutes('/dashboard/purchases', routes);
    expect(await screen.findByText('You have not bought anything yet.')).toBeInTheDocument();
  });
});
