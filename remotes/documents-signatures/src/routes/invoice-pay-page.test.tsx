import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { UiProvider } from '@atrium/ui';
import { ApiError } from '@atrium/api-client';
import { publicDocuments, publicPayments, type PublicInvoicePayment } from '@atrium/domain-documents';
import remoteModule from '../module';
import { makeDocument, renderWithProviders } from '../test-utils';
import { browser } from '../features/payments/use-public-payment';
import DocumentViewPage from './document-view-page';
import InvoicePayPage, { PAY_TEXTS } from './invoice-pay-page';

const summary = (over: Partial<PublicInvoicePayment> = {}): PublicInvoicePayment => ({
  invoice: {
    _id: 'd1',
    number: 'INV-0007',
    title: 'Smith wedding',
    currency: 'USD',
    total: 40000,
    deposit: 10000,
    paid: 0,
    balance: 40000,
    dueDate: '2026-12-15',
    status: 'sent',
  },
  business: { name: 'Ann Photo' },
  dueNow: { kind: 'deposit', amount: 10000 },
  cardPayment: true,
  cardPaymentMessage: null,
  paidInFull: false,
  ...over,
});
const doc = makeDocument(1, {
  status: 'sent',
  lineItems: [
    {
      id: 'l1',
      description: 'Photography',
      quantity: '2',
      unitPrice: 15000,
      discount: null,
      taxRateId: null,
      amount: 30000,
    },
    { id: 'l2', description: 'Album', quantity: '1', unitPrice: 10000, discount: null, taxRateId: null, amount: 10000 },
  ],
});

const open = (path = '/invoices/pay?id=d1&token=tok') => renderWithProviders(<InvoicePayPage />, path, '/invoices/pay');
const where = () => screen.getByTestId('location').textContent;
let assign: jest.Mock;

beforeEach(() => {
  jest.spyOn(publicDocuments, 'view').mockResolvedValue({ document: doc, business: { name: 'Ann Photo' } });
  assign = jest.fn();
  jest.spyOn(browser, 'go').mockImplementation(assign);
});
afterEach(() => jest.restoreAllMocks());

describe('/invoices/pay', () => {
  it("is the remote's public route /invoices/pay", async () => {
    const route = remoteModule.routes.find((r) => r.path === '/invoices/pay')!;
    expect(route.public).toBe(true);
    expect((await route.load()).default).toBe(InvoicePayPage);
  });

  it('shows the invoice, its lines and the deposit due now; Pay opens Stripe Checkout', async () => {
    const get = jest.spyOn(publicPayments, 'invoice').mockResolvedValue(summary());
    const checkout = jest.spyOn(publicPayments, 'checkout').mockResolvedValue({
      url: 'https://checkout.stripe.test/c/cs_1',
      paymentId: 'p1',
      sessionId: 'cs_1',
      amount: 10000,
      currency: 'USD',
      kind: 'deposit',
    });
    open();
    expect(await screen.findByRole('heading', { name: 'Invoice INV-0007' })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('d1', 'tok');
    expect(screen.getByText('From Ann Photo')).toBeInTheDocument();
    expect(screen.getByText('Smith wedding')).toBeInTheDocument();
    const lines = await screen.findByRole('list', { name: 'Invoice lines' });
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((l) => l.textContent),
    ).toEqual(['Photography × 2$300.00', 'Album$100.00']);
    const amounts = screen.getByRole('group', { name: 'Amounts' });
    expect(within(amounts).getByText('Total').nextSibling).toHaveTextContent('$400.00');
    expect(within(amounts).getByText('Deposit due now').nextSibling).toHaveTextContent('$100.00');
    expect(within(amounts).queryByText('Paid so far')).not.toBeInTheDocument();
    expect(screen.getByText(PAY_TEXTS.depositNote('$300.00'))).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Pay $100.00' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/cs_1'));
    expect(checkout).toHaveBeenCalledWith('d1', 'tok');
    expect(screen.getByRole('link', { name: 'View the full invoice' })).toHaveAttribute(
      'href',
      '/documents/view/d1?token=tok',
    );
  });

  it('after the deposit: paid so far, the balance due now', async () => {
    jest.spyOn(publicPayments, 'invoice').mockResolvedValue(
      summary({
        invoice: { ...summary().invoice, paid: 10000, balance: 30000 },
        dueNow: { kind: 'balance', amount: 30000 },
      }),
    );
    open();
    const amounts = await screen.findByRole('group', { name: 'Amounts' });
    expect(within(amounts).getByText('Paid so far').nextSibling).toHaveTextContent('$100.00');
    expect(within(amounts).getByText('Balance').nextSibling).toHaveTextContent('$300.00');
    expect(within(amounts).getByText('Due now').nextSibling).toHaveTextContent('$300.00');
    expect(screen.getByRole('button', { name: 'Pay $300.00' })).toBeInTheDocument();
    expect(screen.queryByText(/This pays the deposit/)).not.toBeInTheDocument();
  });

  it('without card payment: says so plainly and how else to pay, with no pay button', async () => {
    jest
      .spyOn(publicPayments, 'invoice')
      .mockResolvedValue(summary({ cardPayment: false, cardPaymentMessage: 'Card payment is not set up' }));
    open();
    expect(await screen.findByText(PAY_TEXTS.notSetUp)).toBeInTheDocument();
    expect(screen.getByText(PAY_TEXTS.otherWays('Ann Photo'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });

  it('already paid: says so, with nothing to pay', async () => {
    jest.spyOn(publicPayments, 'invoice').mockResolvedValue(
      summary({
        invoice: { ...summary().invoice, paid: 40000, balance: 0, status: 'paid' },
        dueNow: { kind: 'balance', amount: 0 },
        paidInFull: true,
      }),
    );
    open('/invoices/pay?id=d1&token=tok&canceled=1');
    expect(await screen.findByText(PAY_TEXTS.paidInFull)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Due now')).not.toBeInTheDocument();
    expect(screen.queryByText(PAY_TEXTS.canceled)).not.toBeInTheDocument();
  });

  it('back from a canceled checkout: says nothing was charged and offers to pay again', async () => {
    jest.spyOn(publicPayments, 'invoice').mockResolvedValue(summary());
    open('/invoices/pay?id=d1&token=tok&canceled=1');
    expect(await screen.findByText(PAY_TEXTS.canceled)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $100.00' })).toBeInTheDocument();
  });

  it('a refused checkout (already paid meanwhile) reloads the summary, which says why, and stays', async () => {
    const get = jest
      .spyOn(publicPayments, 'invoice')
      .mockResolvedValueOnce(summary())
      .mockResolvedValue(summary({ invoice: { ...summary().invoice, paid: 40000, balance: 0 }, paidInFull: true }));
    jest
      .spyOn(publicPayments, 'checkout')
      .mockRejectedValue(new ApiError(409, 'CONFLICT', 'This invoice is already paid'));
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $100.00' }));
    expect(await screen.findByText(PAY_TEXTS.paidInFull)).toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(2);
    expect(assign).not.toHaveBeenCalled();
  });

  it('Stripe unavailable: the reason on the page and Pay again', async () => {
    jest.spyOn(publicPayments, 'invoice').mockResolvedValue(summary());
    jest
      .spyOn(publicPayments, 'checkout')
      .mockRejectedValue(
        new ApiError(503, 'SERVICE_UNAVAILABLE', 'Stripe did not answer. Please try again in a moment.'),
      );
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $100.00' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(PAY_TEXTS.checkoutFailed);
    expect(alert).toHaveTextContent('Stripe did not answer. Please try again in a moment.');
    expect(screen.getByRole('button', { name: 'Pay $100.00' })).toBeEnabled();
  });

  it.each([
    [410, 'GONE', '/document-expired'],
    [404, 'NOT_FOUND', '/document-not-found'],
  ])('a link answered %s (%s) goes to %s', async (status, code, path) => {
    jest.spyOn(publicPayments, 'invoice').mockRejectedValue(new ApiError(status, code, 'x'));
    open();
    await waitFor(() => expect(where()).toBe(path));
  });

  it('a link without its token goes to /document-not-found without asking the server', async () => {
    const get = jest.spyOn(publicPayments, 'invoice');
    open('/invoices/pay?id=d1');
    await waitFor(() => expect(where()).toBe('/document-not-found'));
    expect(get).not.toHaveBeenCalled();
  });

  it('another failure: the reason and Try again', async () => {
    jest
      .spyOn(publicPayments, 'invoice')
      .mockRejectedValueOnce(new ApiError(0, 'NETWORK_ERROR', 'Network down'))
      .mockResolvedValue(summary());
    open();
    expect(await screen.findByText('The invoice could not be loaded')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Pay $100.00' })).toBeInTheDocument();
  });

  it('reached by Pay invoice from the invoice link (one query cache for both pages)', async () => {
    jest.spyOn(publicPayments, 'invoice').mockResolvedValue(summary());
    render(
      <UiProvider env="test">
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter initialEntries={['/documents/view/d1?token=tok']}>
            <Routes>
              <Route path="/documents/view/:id" element={<DocumentViewPage />} />
              <Route path="/invoices/pay" element={<InvoicePayPage />} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </UiProvider>,
    );
    fireEvent.click(await screen.findByRole('link', { name: 'Pay invoice' }));
    expect(await screen.findByRole('button', { name: 'Pay $100.00' })).toBeInTheDocument();
    const lines = await screen.findByRole('list', { name: 'Invoice lines' });
    expect(within(lines).getAllByRole('listitem')).toHaveLength(2);
  });
});
