import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  SIGNING_DEPOSIT_TEXTS as T,
  publicPayments,
  publicSignatures,
  type PublicInvoicePayment,
} from '@atrium/domain-documents';
import { renderWithProviders } from '../test-utils';
import { makeSession } from '../test-signatures';
import DocumentViewPage from '../routes/document-view-page';
import { CONSENT_LABEL } from '../features/signatures/disclosure';
import { browser } from '../lib/browser';

const LINK = '/documents/view/d1?token=sig_abc';
const open = () => renderWithProviders(<DocumentViewPage />, LINK, '/documents/view/:id');

const payment = (over: Partial<PublicInvoicePayment> = {}): PublicInvoicePayment => ({
  invoice: {
    _id: 'inv1',
    number: 'INV-0012',
    title: 'Kitchen',
    currency: 'USD',
    total: 40_000,
    deposit: 10_000,
    paid: 0,
    balance: 40_000,
    dueDate: null,
    status: 'sent',
  },
  business: { name: 'Ann Photo' },
  dueNow: { kind: 'deposit', amount: 10_000 },
  cardPayment: true,
  cardPaymentMessage: null,
  paidInFull: false,
  ...over,
});

beforeEach(() => {
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  jest.spyOn(publicSignatures, 'session').mockResolvedValue(makeSession());
  jest.spyOn(publicSignatures, 'consent').mockResolvedValue({
    signerStatus: 'consented',
    workflowStatus: 'in_progress',
    consentedAt: '2026-11-27T10:00:00.000Z',
    signedAt: null,
    declinedAt: null,
  });
  jest.spyOn(publicSignatures, 'sign').mockResolvedValue({
    signerStatus: 'signed',
    workflowStatus: 'in_progress',
    consentedAt: '2026-11-27T10:00:00.000Z',
    signedAt: '2026-11-27T10:01:00.000Z',
    declinedAt: null,
  });
});
afterEach(() => jest.restoreAllMocks());

async function signAsClient() {
  const user = userEvent.setup();
  open();
  await user.click(await screen.findByRole('button', { name: 'Continue' }));
  await user.click(screen.getByRole('checkbox', { name: CONSENT_LABEL }));
  await user.click(screen.getByRole('button', { name: 'Agree and continue' }));
  await user.click(await screen.findByRole('radio', { name: 'Type' }));
  await user.click(screen.getByRole('button', { name: 'Finish' }));
  expect(await screen.findByRole('heading', { name: 'Thank you — your signature is recorded' })).toBeInTheDocument();
  return user;
}

describe('sign and pay from one link', () => {
  it('says the deposit ahead, asking for it through the signing link before anything is signed', async () => {
    const deposit = jest
      .spyOn(publicPayments, 'signingDeposit')
      .mockResolvedValue({ deposit: { invoiceId: 'inv1', token: 'tok1', payment: payment() } });
    open();
    expect(await screen.findByText(T.ahead('$100.00', 'deposit'))).toBeInTheDocument();
    expect(deposit).toHaveBeenCalledWith('d1', 'sig_abc');
  });

  it('after signing: "Next: pay the deposit", the invoice, and Pay, which opens Stripe Checkout', async () => {
    const deposit = jest
      .spyOn(publicPayments, 'signingDeposit')
      .mockResolvedValue({ deposit: { invoiceId: 'inv1', token: 'tok1', payment: payment() } });
    const checkout = jest.spyOn(publicPayments, 'checkout').mockResolvedValue({
      url: 'https://checkout.stripe.test/cs_1',
      paymentId: 'p1',
      sessionId: 'cs_1',
      amount: 10_000,
      currency: 'USD',
      kind: 'deposit',
    });
    const go = jest.spyOn(browser, 'go').mockImplementation(() => undefined);
    const user = await signAsClient();
    expect(screen.getByRole('heading', { name: T.nextTitle('deposit') })).toBeInTheDocument();
    expect(screen.getByText(T.invoiceLine('Invoice INV-0012', 'Ann Photo'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the invoice' })).toHaveAttribute(
      'href',
      '/invoices/pay?id=inv1&token=tok1',
    );
    await user.click(screen.getByRole('button', { name: 'Pay $100.00' }));
    expect(checkout).toHaveBeenCalledWith('inv1', 'tok1');
    expect(go).toHaveBeenCalledWith('https://checkout.stripe.test/cs_1');
    // Asked once, before signing; the spent signing link is not asked again.
    expect(deposit).toHaveBeenCalledTimes(1);
  });

  it('card payment not set up: says how else to pay, no Pay button', async () => {
    jest.spyOn(publicPayments, 'signingDeposit').mockResolvedValue({
      deposit: {
        invoiceId: 'inv1',
        token: 'tok1',
        payment: payment({ cardPayment: false, cardPaymentMessage: 'Card payment is not set up' }),
      },
    });
    await signAsClient();
    expect(await screen.findByText(T.notSetUp('Ann Photo'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
  });

  it('no invoice with the contract (or the call fails): signing is exactly as before', async () => {
    jest.spyOn(publicPayments, 'signingDeposit').mockRejectedValue(new Error('offline'));
    await signAsClient();
    expect(screen.queryByRole('heading', { name: /Next: pay/ })).not.toBeInTheDocument();
  });
});
