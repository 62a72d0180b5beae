import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@atrium/api-client';
import {
  subscription,
  SUBSCRIPTION_MESSAGES as M,
  type SubscriptionInvoice,
  type SubscriptionOverview,
} from '@atrium/domain-admin';
import { collectToasts, renderRoutes } from '../../test-utils';
import { planAction } from './plan-grid';
import { SubscriptionPanel } from './subscription-panel';
import { SUBSCRIPTION_TEXTS as T } from './subscription-texts';

const PERIOD_END = '2026-12-27T12:00:00.000Z';
const plans: SubscriptionOverview['plans'] = [
  { tier: 'free', name: 'Free', description: 'For trying Atrium out on your own.', available: true, price: null },
  {
    tier: 'pro',
    name: 'Pro',
    description: 'For a business that runs its clients and projects in Atrium.',
    available: true,
    price: { amount: 1900, currency: 'USD', interval: 'month' },
  },
  {
    tier: 'business',
    name: 'Business',
    description: 'For a growing team that works in Atrium every day.',
    available: true,
    price: { amount: 4900, currency: 'USD', interval: 'month' },
  },
];
const overview = (over: Partial<SubscriptionOverview> = {}): SubscriptionOverview => ({
  configured: true,
  tier: 'free',
  status: 'none',
  subscribedTier: null,
  cancelAtPeriodEnd: false,
  currentPeriodEnd: null,
  paymentFailed: false,
  canManage: true,
  plans,
  ...over,
});
const onPro = overview({ tier: 'pro', status: 'active', subscribedTier: 'pro', currentPeriodEnd: PERIOD_END });
const invoice: SubscriptionInvoice = {
  _id: 'in_1',
  number: 'ATR-0001',
  status: 'paid',
  amountDue: 1900,
  amountPaid: 1900,
  currency: 'USD',
  createdAt: '2026-11-27T12:00:00.000Z',
  periodStart: '2026-11-27T12:00:00.000Z',
  periodEnd: PERIOD_END,
  hostedInvoiceUrl: 'https://invoice.stripe.com/i/in_1',
  invoicePdf: null,
};

let toasts: ReturnType<typeof collectToasts>;
beforeEach(() => {
  toasts = collectToasts();
});
afterEach(() => {
  toasts.stop();
  jest.restoreAllMocks();
});

function show(o: SubscriptionOverview | SubscriptionOverview[], path = '/subscription') {
  const answers = Array.isArray(o) ? [...o] : [o];
  const read = jest
    .spyOn(subscription, 'overview')
    .mockImplementation(async () => (answers.length > 1 ? answers.shift()! : answers[0]!));
  const invoices = jest.spyOn(subscription, 'invoices').mockResolvedValue([invoice]);
  const navigate = jest.fn();
  renderRoutes(path, { '/subscription': <SubscriptionPanel navigate={navigate} /> });
  return { read, invoices, navigate };
}
const planCard = (name: string) => screen.getByRole('region', { name: `${name} plan` });

describe('planAction', () => {
  it('offers Checkout without a subscription, a prorated change with one, and Cancel as the way to Free', () => {
    expect(plans.map((p) => planAction(overview(), p).kind)).toEqual(['current', 'checkout', 'checkout']);
    expect(plans.map((p) => planAction(onPro, p).kind)).toEqual(['cancel', 'current', 'upgrade']);
    const onBusiness = { ...onPro, tier: 'business' as const, subscribedTier: 'business' as const };
    expect(plans.map((p) => planAction(onBusiness, p).kind)).toEqual(['cancel', 'downgrade', 'current']);
    expect(plans.map((p) => planAction({ ...onPro, cancelAtPeriodEnd: true }, p).kind)).toEqual([
      'none',
      'current',
      'upgrade',
    ]);
    expect(plans.map((p) => planAction({ ...onPro, canManage: false }, p).kind)).toEqual(['none', 'current', 'none']);
    expect(plans.map((p) => planAction(overview({ configured: false }), p).kind)).toEqual(['current', 'none', 'none']);
  });
});

describe('SubscriptionPanel', () => {
  it('says plainly when subscriptions are not set up, with nothing to press', async () => {
    show(
      overview({
        configured: false,
        plans: plans.map((p) => (p.tier === 'free' ? p : { ...p, available: false, price: null })),
      }),
    );
    expect(await screen.findByText(M.notConfigured)).toBeInTheDocument();
    expect(screen.getByText(M.notConfiguredDetail)).toBeInTheDocument();
    expect(screen.getByTestId('subscription-tier')).toHaveTextContent('Free');
    expect(screen.queryByRole('button', { name: /Upgrade|Downgrade|Cancel/ })).not.toBeInTheDocument();
  });

  it("shows Stripe's prices and sends the owner to Checkout after a confirmation", async () => {
    const checkout = jest
      .spyOn(subscription, 'checkout')
      .mockResolvedValue({ url: 'https://checkout.stripe.com/c/cs_1' });
    const { navigate } = show(overview());
    expect(await screen.findByTestId('subscription-tier')).toHaveTextContent('Free');
    expect(within(planCard('Pro')).getByText('$19.00 per month')).toBeInTheDocument();
    expect(within(planCard('Free')).getByText(T.currentPlan)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade to Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Pro?' });
    expect(dialog).toHaveTextContent(T.confirmCheckout('Pro', '$19.00 per month'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Go to checkout' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://checkout.stripe.com/c/cs_1'));
    expect(checkout).toHaveBeenCalledWith('pro');
  });

  it('upgrades a subscription and waits for the webhook before saying the plan changed', async () => {
    const change = jest.spyOn(subscription, 'change').mockResolvedValue(onPro);
    show([onPro, onPro, { ...onPro, tier: 'business', subscribedTier: 'business' }]);
    expect(await screen.findByText(T.renews('Dec 27, 2026'))).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade to Business' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Business?' });
    expect(dialog).toHaveTextContent(T.confirmUpgrade('Business', '$49.00 per month'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upgrade' }));
    await waitFor(() => expect(change).toHaveBeenCalledWith('business'));
    expect(await screen.findByText(T.waiting)).toBeInTheDocument();
    expect(screen.getByTestId('subscription-tier')).toHaveTextContent('Pro');
    await waitFor(() => expect(screen.getByTestId('subscription-tier')).toHaveTextContent('Business'), {
      timeout: 6000,
    });
    expect(toasts.toasts.map((t) => t.message)).toContain(T.upgraded('Business'));
  }, 10_000);

  it('cancels at the end of the period after a confirmation naming the date', async () => {
    const cancel = jest.spyOn(subscription, 'cancel').mockResolvedValue({ ...onPro, cancelAtPeriodEnd: true });
    show(onPro);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the subscription?' });
    expect(dialog).toHaveTextContent(T.confirmCancel('Pro', 'Dec 27, 2026'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() => expect(cancel).toHaveBeenCalled());
    expect(await screen.findByTestId('subscription-cancels')).toHaveTextContent(T.cancels('Pro', 'Dec 27, 2026'));
    expect(screen.getByRole('button', { name: 'Keep subscription' })).toBeInTheDocument();
  });

  it("lists the owner's invoices with Stripe's page", async () => {
    show(onPro);
    const row = await screen.findByTestId('subscription-invoice');
    expect(row).toHaveTextContent('ATR-0001');
    expect(row).toHaveTextContent('$19.00');
    expect(row).toHaveTextContent('paid');
    expect(within(row).getByRole('link', { name: 'View' })).toHaveAttribute('href', invoice.hostedInvoiceUrl);
  });

  it('shows a member the plan but no changes and no invoices', async () => {
    const { invoices } = show({ ...onPro, canManage: false });
    expect(await screen.findByText(T.ownersOnly)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Upgrade|Downgrade|Cancel/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: T.invoices })).not.toBeInTheDocument();
    expect(invoices).not.toHaveBeenCalled();
  });

  it("opens Stripe's billing page to fix the card", async () => {
    jest.spyOn(subscription, 'portal').mockResolvedValue({ url: 'https://billing.stripe.com/p/session/1' });
    const { navigate } = show({ ...onPro, status: 'past_due', paymentFailed: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://billing.stripe.com/p/session/1'));
  });

  it("says a failed payment, and Stripe's own refusal", async () => {
    jest.spyOn(subscription, 'change').mockRejectedValue(new ApiError(409, 'CONFLICT', 'Your card was declined.'));
    show({ ...onPro, status: 'past_due', paymentFailed: true });
    expect(await screen.findByText(T.paymentFailed)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade to Business' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Upgrade' }));
    await waitFor(() => expect(toasts.errors()).toEqual(['Your card was declined.']));
  });

  it('back from a canceled Checkout: says nothing was charged and drops the parameter', async () => {
    show(overview(), '/subscription?checkout=canceled');
    await waitFor(() => expect(toasts.toasts.map((t) => t.message)).toEqual([T.checkoutCanceled]));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/subscription$/);
  });
});
