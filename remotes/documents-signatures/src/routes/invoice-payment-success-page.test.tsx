import { act, fireEvent, screen } from '@testing-library/react';
import { ApiError } from '@atrium/api-client';
import { publicPayments, type PublicPaymentStatus } from '@atrium/domain-documents';
import remoteModule from '../module';
import { renderWithProviders } from '../test-utils';
import InvoicePaymentSuccessPage, { PAYMENT_RESULT_TEXTS as T } from './invoice-payment-success-page';

const answer = (over: Partial<PublicPaymentStatus> = {}): PublicPaymentStatus => ({
  status: 'pending',
  amount: 10000,
  currency: 'USD',
  kind: 'deposit',
  invoice: { number: 'INV-0007', title: 'Smith wedding', paidInFull: false, balance: 30000 },
  business: { name: 'Ann Photo' },
  ...over,
});

const open = (path = '/invoice-payment-success?session_id=cs_1&key=k1') =>
  renderWithProviders(<InvoicePaymentSuccessPage />, path, '/invoice-payment-success');

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('/invoice-payment-success', () => {
  it("is the remote's public route /invoice-payment-success", async () => {
    const route = remoteModule.routes.find((r) => r.path === '/invoice-payment-success')!;
    expect(route.public).toBe(true);
    expect((await route.load()).default).toBe(InvoicePaymentSuccessPage);
  });

  it('says "Processing" while pending and "Payment received" only once the server says paid', async () => {
    jest.useFakeTimers();
    const status = jest
      .spyOn(publicPayments, 'status')
      .mockResolvedValueOnce(answer())
      .mockResolvedValueOnce(answer())
      .mockResolvedValue(answer({ status: 'succeeded' }));
    open();
    expect(await screen.findByRole('heading', { name: T.processing })).toBeInTheDocument();
    expect(screen.getByText(T.waiting)).toBeInTheDocument();
    expect(screen.queryByText(/Payment received/)).not.toBeInTheDocument();
    expect(status).toHaveBeenCalledWith('cs_1', 'k1');

    await act(async () => {
      await jest.advanceTimersByTimeAsync(2_000);
    });
    expect(screen.getByRole('heading', { name: T.processing })).toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(2_000);
    });
    expect(screen.getByRole('heading', { name: 'Payment received' })).toBeInTheDocument();
    expect(screen.getByText('Ann Photo received your payment of $100.00 for invoice INV-0007.')).toBeInTheDocument();
    expect(screen.getByText(T.balanceLeft('$300.00'))).toBeInTheDocument();
    expect(status).toHaveBeenCalledTimes(3);

    // Settled: no more asking.
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10_000);
    });
    expect(status).toHaveBeenCalledTimes(3);
  });

  it('paid in full says so', async () => {
    jest
      .spyOn(publicPayments, 'status')
      .mockResolvedValue(
        answer({ status: 'succeeded', kind: 'full', invoice: { ...answer().invoice, paidInFull: true, balance: 0 } }),
      );
    open();
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeInTheDocument();
    expect(screen.getByText(T.paidInFull)).toBeInTheDocument();
  });

  it('still pending after a minute: says so plainly, stops asking, and Check again asks once more', async () => {
    jest.useFakeTimers();
    const status = jest.spyOn(publicPayments, 'status').mockResolvedValue(answer());
    open();
    expect(await screen.findByRole('heading', { name: T.processing })).toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(60_000);
    });
    expect(screen.getByText(T.stillPending)).toBeInTheDocument();
    expect(screen.queryByText(/Payment received/)).not.toBeInTheDocument();
    const calls = status.mock.calls.length;
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10_000);
    });
    expect(status).toHaveBeenCalledTimes(calls);

    status.mockResolvedValue(answer({ status: 'succeeded' }));
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('heading', { name: 'Payment received' })).toBeInTheDocument();
  });

  it.each([
    ['held', 'Payment under review', T.held('Ann Photo')],
    ['failed', 'Payment not completed', T.failed],
    ['expired', 'Payment not completed', T.expired],
    ['refunded', 'Payment received', T.refunded],
    ['dismissed', 'Payment returned', T.dismissed('Ann Photo')],
  ] as const)('%s: "%s", never "received" unless the money arrived', async (state, heading, text) => {
    jest.spyOn(publicPayments, 'status').mockResolvedValue(answer({ status: state }));
    open();
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('an unknown session: payment not found', async () => {
    jest.spyOn(publicPayments, 'status').mockRejectedValue(new ApiError(404, 'NOT_FOUND', 'Payment not found'));
    open();
    expect(await screen.findByRole('heading', { name: 'Payment not found' })).toBeInTheDocument();
    expect(screen.getByText(T.notFound)).toBeInTheDocument();
  });

  it.each(['/invoice-payment-success', '/invoice-payment-success?session_id=cs_1'])(
    'no session id or no key (%s): payment not found without asking',
    async (path) => {
      const status = jest.spyOn(publicPayments, 'status');
      open(path);
      expect(await screen.findByRole('heading', { name: 'Payment not found' })).toBeInTheDocument();
      expect(status).not.toHaveBeenCalled();
    },
  );

  it('another failure: the reason and Try again', async () => {
    jest
      .spyOn(publicPayments, 'status')
      .mockRejectedValueOnce(new ApiError(0, 'NETWORK_ERROR', 'Network down'))
      .mockResolvedValue(answer({ status: 'succeeded' }));
    open();
    expect(await screen.findByText("The payment's status could not be loaded")).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeInTheDocument();
  });
});
