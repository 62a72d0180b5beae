import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@atrium/api-client';
import { stripe, type StripeAccountStatus } from '@atrium/domain-documents/public';
import { StripeCard, STRIPE_CARD_TEXTS as T, stripeView } from './stripe-card';
import { collectToasts, renderRoutes } from '../../test-utils';

const status = (over: Partial<StripeAccountStatus> = {}): StripeAccountStatus => ({
  configured: true,
  connected: false,
  accountId: null,
  chargesEnabled: false,
  detailsSubmitted: false,
  payoutsEnabled: false,
  ...over,
});
const connected = status({
  connected: true,
  accountId: 'acct_1Atrium',
  chargesEnabled: true,
  detailsSubmitted: true,
  payoutsEnabled: true,
});
const incomplete = status({ connected: true, accountId: 'acct_1Atrium' });

let toasts: ReturnType<typeof collectToasts>;
beforeEach(() => {
  toasts = collectToasts();
});
afterEach(() => {
  toasts.stop();
  jest.restoreAllMocks();
});

const card = () => screen.getByRole('region', { name: 'Stripe' });
function show(path = '/settings', props: Parameters<typeof StripeCard>[0] = {}) {
  const navigate = jest.fn();
  const utils = renderRoutes(path, { '/settings': <StripeCard navigate={navigate} {...props} /> });
  return { navigate, ...utils };
}

describe('stripeView', () => {
  it.each([
    [status({ configured: false }), 'not_configured'],
    [status(), 'not_connected'],
    [incomplete, 'incomplete'],
    [connected, 'connected'],
  ] as const)('%o → %s', (s, view) => {
    expect(stripeView(s)).toBe(view);
  });
});

describe('StripeCard', () => {
  it('not set up on this installation: says so plainly, with nothing to press', async () => {
    jest.spyOn(stripe, 'status').mockResolvedValue(status({ configured: false }));
    show();
    expect(await screen.findByText(T.notConfigured)).toBeInTheDocument();
    expect(screen.getByText(T.notConfiguredHint)).toBeInTheDocument();
    expect(within(card()).getByText('Not set up')).toBeInTheDocument();
    expect(within(card()).queryByRole('button')).not.toBeInTheDocument();
  });

  it('not connected: Connect Stripe asks the server for the onboarding link and leaves for it', async () => {
    jest.spyOn(stripe, 'status').mockResolvedValue(status());
    const connect = jest.spyOn(stripe, 'connect').mockResolvedValue({ url: 'https://connect.stripe.test/onb/1' });
    const { navigate } = show();
    expect(await screen.findByText(T.notConnected)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Connect Stripe' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://connect.stripe.test/onb/1'));
    expect(connect).toHaveBeenCalledTimes(1);
  });

  it('a failed connect shows the server’s message and stays', async () => {
    jest.spyOn(stripe, 'status').mockResolvedValue(status());
    jest
      .spyOn(stripe, 'connect')
      .mockRejectedValue(
        new ApiError(503, 'SERVICE_UNAVAILABLE', 'Stripe did not answer. Please try again in a moment.'),
      );
    const { navigate } = show();
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Stripe' }));
    await waitFor(() => expect(toasts.errors()).toEqual(['Stripe did not answer. Please try again in a moment.']));
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Connect Stripe' })).toBeInTheDocument();
  });

  it('onboarding incomplete: continue onboarding, or check again (the flags read again from Stripe)', async () => {
    jest.spyOn(stripe, 'status').mockResolvedValue(incomplete);
    jest.spyOn(stripe, 'connect').mockResolvedValue({ url: 'https://connect.stripe.test/onb/2' });
    const refresh = jest.spyOn(stripe, 'refresh').mockResolvedValue(connected);
    const { navigate } = show();
    expect(await screen.findByText('Onboarding incomplete')).toBeInTheDocument();
    expect(screen.getByText(T.incomplete)).toBeInTheDocument();
    expect(screen.getByText('Stripe account: acct_1Atrium')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Continue onboarding' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://connect.stripe.test/onb/2'));
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText(T.connected)).toBeInTheDocument();
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('connected: the account id; Disconnect only after the confirmation', async () => {
    jest.spyOn(stripe, 'status').mockResolvedValue(connected);
    const disconnect = jest.spyOn(stripe, 'disconnect').mockResolvedValue(status());
    show();
    expect(await screen.findByText(T.connected)).toBeInTheDocument();
    expect(within(card()).getByText('Connected')).toBeInTheDocument();
    expect(screen.getByText('Stripe account: acct_1Atrium')).toBeInTheDocument();
    expect(screen.queryByText(T.payoutsPending)).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Stripe?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(disconnect).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    const again = await screen.findByRole('dialog', { name: 'Disconnect Stripe?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText(T.notConnected)).toBeInTheDocument();
    expect(disconnect).toHaveBeenCalledTimes(1);
    expect(toasts.toasts.map((t) => t.message)).toContain(T.disconnected);
  });

  it('connected without payouts yet says so', async () => {
    jest.spyOn(stripe, 'status').mockResolvedValue({ ...connected, payoutsEnabled: false });
    show();
    expect(await screen.findByText(T.payoutsPending)).toBeInTheDocument();
  });

  it('a status that could not be loaded (its 500 is quiet): an error in the card with Try again, no toast', async () => {
    const get = jest
      .spyOn(stripe, 'status')
      .mockRejectedValueOnce(new ApiError(500, 'INTERNAL_ERROR', 'Stripe did not answer'))
      .mockResolvedValue(connected);
    show();
    expect(await screen.findByText(T.loadFailed)).toBeInTheDocument();
    expect(screen.getByText('Stripe did not answer')).toBeInTheDocument();
    expect(toasts.errors()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(T.connected)).toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('back from onboarding (?stripe=return): the flags are read again from Stripe, said once, the parameter dropped', async () => {
    const get = jest.spyOn(stripe, 'status').mockResolvedValue(connected);
    const refresh = jest.spyOn(stripe, 'refresh').mockResolvedValue(connected);
    show('/settings?tab=integrations&stripe=return');
    expect(await screen.findByText(T.connected)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/settings?tab=integrations'));
    expect(refresh).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(toasts.toasts.filter((t) => t.message === T.returnedConnected).map((t) => t.type)).toEqual(['success']),
    );
    // The plain status read waits for the refresh (it never races it with older flags).
    const refreshedAt = refresh.mock.invocationCallOrder[0]!;
    for (const order of get.mock.invocationCallOrder) expect(order).toBeGreaterThan(refreshedAt);
  });

  it('back from onboarding still incomplete: says it is not finished', async () => {
    jest.spyOn(stripe, 'status').mockResolvedValue(incomplete);
    jest.spyOn(stripe, 'refresh').mockResolvedValue(incomplete);
    show('/settings?stripe=return');
    expect(await screen.findByText(T.incomplete)).toBeInTheDocument();
    await waitFor(() => expect(toasts.toasts.map((t) => t.message)).toContain(T.returnedIncomplete));
  });

  it('an expired onboarding link (?stripe=refresh): says so and offers to continue', async () => {
    jest.spyOn(stripe, 'status').mockResolvedValue(incomplete);
    const refresh = jest.spyOn(stripe, 'refresh');
    show('/settings?tab=integrations&stripe=refresh');
    expect(await screen.findByRole('button', { name: 'Continue onboarding' })).toBeInTheDocument();
    await waitFor(() => expect(toasts.toasts.map((t) => t.message)).toContain(T.linkExpired));
    expect(screen.getByTestId('where').textContent).toBe('/settings?tab=integrations');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('another business than the current one: says the connection is per business and calls nothing', async () => {
    const get = jest.spyOn(stripe, 'status');
    show('/settings', { current: false, businessName: 'Babbage & Co' });
    expect(screen.getByText(T.notCurrent('Babbage & Co'))).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
  });
});
