import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@atrium/api-client';
import { clearTestSession } from '@atrium/api-client/testing';
import { businesses, BUSINESS_MESSAGES, type Business } from '@atrium/domain-admin';
import { googleCalendar, GOOGLE_CALENDAR_MESSAGES } from '@atrium/domain-work/public';
import { stripe } from '@atrium/domain-documents/public';
import BusinessSettingsPage, { MANAGERS_ONLY, tabFrom } from './business-settings-page';
import { STRIPE_CARD_TEXTS } from '../features/business/stripe-card';
import { collectToasts, makeBusiness, makeUser, renderRoutes, signIn } from '../test-utils';

const routes = {
  '/businesses/settings': <BusinessSettingsPage />,
  '/businesses/:businessId/settings': <BusinessSettingsPage />,
  '/': <p>home</p>,
};

let toasts: ReturnType<typeof collectToasts>;
beforeEach(() => {
  signIn();
  toasts = collectToasts();
});
afterEach(() => {
  toasts.stop();
  clearTestSession();
  jest.restoreAllMocks();
});

const where = () => screen.getByTestId('where').textContent;
const stubGet = (b: Business = makeBusiness()) => jest.spyOn(businesses, 'get').mockResolvedValue(b);

describe('business settings: access', () => {
  it('/businesses/settings opens the current business (the session user’s businessId)', async () => {
    const get = stubGet();
    signIn(makeUser({ businessId: 'b1' }));
    renderRoutes('/businesses/settings', routes);
    expect(await screen.findByRole('tab', { name: 'General' })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('b1');
    expect(screen.getByText('Analytical Engines')).toBeInTheDocument();
  });

  it('a member sees the plain owners-and-admins message and no tabs', async () => {
    stubGet();
    signIn(makeUser({ id: 'u3', _id: 'u3', role: 'member' }));
    renderRoutes('/businesses/b1/settings', routes);
    expect(await screen.findByText(MANAGERS_ONLY)).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Business name/)).not.toBeInTheDocument();
  });

  it('an admin may manage', async () => {
    stubGet();
    signIn(makeUser({ id: 'u2', _id: 'u2', role: 'admin' }));
    renderRoutes('/businesses/b1/settings', routes);
    expect(await screen.findByRole('tab', { name: 'Members' })).toBeInTheDocument();
    expect(screen.queryByText(MANAGERS_ONLY)).not.toBeInTheDocument();
    // Deleting the business is for owners.
    expect(screen.queryByRole('button', { name: 'Delete business' })).not.toBeInTheDocument();
  });

  it('an unknown or foreign business id: not found', async () => {
    jest.spyOn(businesses, 'get').mockRejectedValue(new ApiError(404, 'NOT_FOUND', 'Business not found'));
    renderRoutes('/businesses/nope/settings', routes);
    expect(await screen.findByText('Business not found')).toBeInTheDocument();
  });

  it('no current business: says so', async () => {
    signIn(makeUser({ businessId: '' }));
    renderRoutes('/businesses/settings', routes);
    expect(await screen.findByText(BUSINESS_MESSAGES.noBusinessSelected)).toBeInTheDocument();
  });

  it('?tab= selects the tab; unknown values fall back to general', () => {
    expect(tabFrom('integrations')).toBe('integrations');
    expect(tabFrom('notifications')).toBe('notifications');
    expect(tabFrom('members')).toBe('members');
    expect(tabFrom('bogus')).toBe('general');
    expect(tabFrom(null)).toBe('general');
  });

  it('clicking a tab keeps it in the address', async () => {
    stubGet();
    renderRoutes('/businesses/b1/settings', routes);
    fireEvent.click(await screen.findByRole('tab', { name: 'Notifications' }));
    await waitFor(() => expect(where()).toBe('/businesses/b1/settings?tab=notifications'));
    fireEvent.click(screen.getByRole('tab', { name: 'General' }));
    await waitFor(() => expect(where()).toBe('/businesses/b1/settings'));
  });
});

describe('business settings: general', () => {
  it('blocks a blank name with the schema message, then saves name, type and colours', async () => {
    stubGet();
    const update = jest
      .spyOn(businesses, 'update')
      .mockImplementation(async (_id, input) => makeBusiness({ name: input.name!, type: input.type ?? null }));
    renderRoutes('/businesses/b1/settings', routes);
    const name = await screen.findByLabelText(/Business name/);
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Business name is required')).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();

    fireEvent.change(name, { target: { value: 'Difference Engines' } });
    fireEvent.change(screen.getByLabelText('Business type'), { target: { value: 'Workshop' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith('b1', {
        name: 'Difference Engines',
        type: 'Workshop',
        colors: { primary: '#12b886', secondary: '#228be6' },
      }),
    );
    await waitFor(() => expect(toasts.toasts.map((t) => t.message)).toContain('Business updated'));
  });

  it("a failed save shows 'Failed to update business'", async () => {
    stubGet();
    jest.spyOn(businesses, 'update').mockRejectedValue(new ApiError(500, 'INTERNAL_ERROR', 'boom'));
    renderRoutes('/businesses/b1/settings', routes);
    fireEvent.change(await screen.findByLabelText(/Business name/), { target: { value: 'X' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(toasts.errors()).toEqual([BUSINESS_MESSAGES.updateFailed]));
  });

  it("a wrong logo type is refused in the browser with 'Invalid logo format'; an image uploads", async () => {
    stubGet();
    const upload = jest.spyOn(businesses, 'uploadLogo').mockResolvedValue(makeBusiness({ hasLogo: true, logo: '/l' }));
    const { container } = renderRoutes('/businesses/b1/settings', routes);
    await screen.findByRole('button', { name: 'Upload logo' });
    const input = container.ownerDocument.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.accept).toBe('image/png,image/jpeg,image/webp,image/gif');
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'logo.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(toasts.errors()).toEqual([BUSINESS_MESSAGES.invalidLogoFormat]));
    expect(upload).not.toHaveBeenCalled();

    const png = new File([new Uint8Array([0x89, 0x50])], 'logo.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [png] } });
    await waitFor(() => expect(upload).toHaveBeenCalledWith('b1', png, 'logo.png'));
    await waitFor(() => expect(toasts.toasts.map((t) => t.message)).toContain('Logo updated'));
  });

  it("the server's 'Invalid logo format' is shown as is; other upload failures say 'Failed to upload business logo'", async () => {
    stubGet();
    jest
      .spyOn(businesses, 'uploadLogo')
      .mockRejectedValueOnce(new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', BUSINESS_MESSAGES.invalidLogoFormat))
      .mockRejectedValueOnce(new ApiError(0, 'NETWORK_ERROR', 'Network error'));
    const { container } = renderRoutes('/businesses/b1/settings', routes);
    await screen.findByRole('button', { name: 'Upload logo' });
    const input = container.ownerDocument.querySelector('input[type=file]') as HTMLInputElement;
    const png = () => new File([new Uint8Array([1])], 'l.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [png()] } });
    await waitFor(() => expect(toasts.errors()).toEqual([BUSINESS_MESSAGES.invalidLogoFormat]));
    fireEvent.change(input, { target: { files: [png()] } });
    await waitFor(() =>
      expect(toasts.errors()).toEqual([BUSINESS_MESSAGES.invalidLogoFormat, BUSINESS_MESSAGES.uploadLogoFailed]),
    );
  });

  it('removes a logo', async () => {
    stubGet(makeBusiness({ hasLogo: true, logo: '/api/v1/businesses/b1/logo?v=1' }));
    const del = jest.spyOn(businesses, 'deleteLogo').mockRejectedValueOnce(new ApiError(500, 'X', 'x'));
    renderRoutes('/businesses/b1/settings', routes);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove logo' }));
    await waitFor(() => expect(toasts.errors()).toEqual([BUSINESS_MESSAGES.deleteLogoFailed]));
    del.mockResolvedValue();
    fireEvent.click(screen.getByRole('button', { name: 'Remove logo' }));
    await waitFor(() => expect(toasts.toasts.map((t) => t.message)).toContain('Logo removed'));
    expect(del).toHaveBeenCalledWith('b1');
  });

  it('an owner deletes the business after confirming and goes home; a refusal shows the server rule', async () => {
    stubGet();
    const remove = jest
      .spyOn(businesses, 'remove')
      .mockRejectedValueOnce(new ApiError(400, 'VALIDATION_ERROR', BUSINESS_MESSAGES.lastBusiness))
      .mockResolvedValue();
    renderRoutes('/businesses/b1/settings', routes);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete business' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts.errors()).toEqual([BUSINESS_MESSAGES.lastBusiness]));
    fireEvent.click(screen.getByRole('button', { name: 'Delete business' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(where()).toBe('/'));
    expect(remove).toHaveBeenCalledTimes(2);
  });
});

describe('business settings: integrations and notifications', () => {
  it('integrations says plainly what is not set up (Google Calendar and Stripe here, Gmail), with nothing to switch', async () => {
    stubGet();
    signIn(makeUser({ businessId: 'b1' }));
    jest.spyOn(googleCalendar, 'status').mockResolvedValue({
      configured: false,
      state: 'not_configured',
      run: 'idle',
      email: null,
      lastSyncedAt: null,
      lastError: null,
    });
    const stripeStatus = jest.spyOn(stripe, 'status').mockResolvedValue({
      configured: false,
      connected: false,
      accountId: null,
      chargesEnabled: false,
      detailsSubmitted: false,
      payoutsEnabled: false,
    });
    renderRoutes('/businesses/b1/settings?tab=integrations', routes);
    expect(await screen.findByText(GOOGLE_CALENDAR_MESSAGES.notConfigured)).toBeInTheDocument();
    expect(await screen.findByText(STRIPE_CARD_TEXTS.notConfigured)).toBeInTheDocument();
    expect(stripeStatus).toHaveBeenCalled();
    expect(screen.getByText(/Gmail is not set up/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Connect/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('integrations: the shared Google Calendar card, connecting back to this tab', async () => {
    stubGet();
    signIn(makeUser({ businessId: 'b1' }));
    jest.spyOn(googleCalendar, 'status').mockResolvedValue({
      configured: true,
      state: 'not_connected',
      run: 'idle',
      email: null,
      lastSyncedAt: null,
      lastError: null,
    });
    const connectUrl = jest.spyOn(googleCalendar, 'connectUrl').mockReturnValue('#stay');
    jest.spyOn(stripe, 'status').mockResolvedValue({
      configured: true,
      connected: false,
      accountId: null,
      chargesEnabled: false,
      detailsSubmitted: false,
      payoutsEnabled: false,
    });
    renderRoutes('/businesses/b1/settings?tab=integrations', routes);
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Google Calendar' }));
    await waitFor(() => expect(connectUrl).toHaveBeenCalledWith('business'));
  });

  it('notifications saves settings.notifications.integrations through PUT', async () => {
    const saved = makeBusiness({ settings: { ...makeBusiness().settings, notifications: { integrations: false } } });
    const get = stubGet();
    const update = jest.spyOn(businesses, 'update').mockImplementation(async () => {
      get.mockResolvedValue(saved);
      return saved;
    });
    renderRoutes('/businesses/b1/settings?tab=notifications', routes);
    const toggle = await screen.findByRole('switch', { name: /Integration notifications/ });
    expect(toggle).toBeChecked();
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith('b1', { settings: { notifications: { integrations: false } } }),
    );
    await waitFor(() => expect(screen.getByRole('switch', { name: /Integration notifications/ })).not.toBeChecked());
    expect(toasts.toasts.map((t) => t.message)).toContain('Integration notifications turned off');
  });

  it("a failed notifications save says 'Failed to update business' and keeps the switch", async () => {
    stubGet();
    jest.spyOn(businesses, 'update').mockRejectedValue(new ApiError(403, 'FORBIDDEN', 'Forbidden'));
    renderRoutes('/businesses/b1/settings?tab=notifications', routes);
    fireEvent.click(await screen.findByRole('switch', { name: /Integration notifications/ }));
    await waitFor(() => expect(toasts.errors()).toEqual([BUSINESS_MESSAGES.updateFailed]));
    expect(screen.getByRole('switch', { name: /Integration notifications/ })).toBeChecked();
  });
});

describe('business settings: members', () => {
  const openMembers = async () => {
    renderRoutes('/businesses/b1/settings?tab=members', routes);
    return screen.findByRole('table', { name: 'Members' });
  };

  it('lists members with their roles; the caller is marked', async () => {
    stubGet();
    jest.spyOn(businesses, 'listInvites').mockResolvedValue([]);
    const table = await openMembers();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual([
      'ada@example.com',
      'grace@example.com',
      'alan@example.com',
    ]);
    expect(within(rows[0]!).getByText('(you)')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('combobox', { name: 'Role of Grace Test' })).toHaveValue('Admin');
    expect(await screen.findByText('No pending invites')).toBeInTheDocument();
  });

  it('the only owner can be neither demoted, removed nor leave', async () => {
    stubGet();
    jest.spyOn(businesses, 'listInvites').mockResolvedValue([]);
    await openMembers();
    expect(screen.queryByRole('combobox', { name: 'Role of Ada Test' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave business' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Role of Alan Test' })).toBeInTheDocument();
  });

  it("changes a role; the last-owner rule comes back as the server's message", async () => {
    const b = makeBusiness();
    b.members[1]!.role = 'owner';
    stubGet(b);
    jest.spyOn(businesses, 'listInvites').mockResolvedValue([]);
    const change = jest
      .spyOn(businesses, 'updateMemberRole')
      .mockResolvedValueOnce(undefined)
      .mockRejectedValueOnce(new ApiError(400, 'VALIDATION_ERROR', BUSINESS_MESSAGES.lastOwner));
    await openMembers();
    fireEvent.click(screen.getByRole('combobox', { name: 'Role of Alan Test' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Admin' }));
    await waitFor(() => expect(change).toHaveBeenCalledWith('b1', 'u3', 'admin'));
    await waitFor(() => expect(toasts.toasts.map((t) => t.message)).toContain('Alan Test is now admin'));

    fireEvent.click(screen.getByRole('combobox', { name: 'Role of Ada Test' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Member' }));
    await waitFor(() => expect(toasts.errors()).toEqual([BUSINESS_MESSAGES.lastOwner]));
  });

  it("removes a member after confirmation; a failure says 'Failed to remove member'", async () => {
    stubGet();
    jest.spyOn(businesses, 'listInvites').mockResolvedValue([]);
    const remove = jest
      .spyOn(businesses, 'removeMember')
      .mockRejectedValueOnce(new ApiError(500, 'INTERNAL_ERROR', 'boom'))
      .mockResolvedValue();
    await openMembers();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Alan Test' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(toasts.errors()).toEqual([BUSINESS_MESSAGES.removeMemberFailed]));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Alan Test' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(toasts.toasts.map((t) => t.message)).toContain('Alan Test removed'));
    expect(remove).toHaveBeenLastCalledWith('b1', 'u3');
  });

  it('an admin cannot change or remove an owner, nor hand out the owner role', async () => {
    stubGet();
    signIn(makeUser({ id: 'u2', _id: 'u2', role: 'admin' }));
    jest.spyOn(businesses, 'listInvites').mockResolvedValue([]);
    await openMembers();
    expect(screen.queryByRole('combobox', { name: 'Role of Ada Test' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Ada Test' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('combobox', { name: 'Role of Alan Test' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Admin', 'Member']);
    // Their own row offers leaving.
    expect(screen.getByRole('button', { name: 'Leave business' })).toBeInTheDocument();
  });

  it('invites by e-mail and role with the shared e-mail rules; server rules and failures as toasts', async () => {
    stubGet();
    jest.spyOn(businesses, 'listInvites').mockResolvedValue([]);
    const invite = jest
      .spyOn(businesses, 'invite')
      .mockRejectedValueOnce(new ApiError(409, 'CONFLICT', BUSINESS_MESSAGES.alreadyMember))
      .mockRejectedValueOnce(new ApiError(500, 'INTERNAL_ERROR', 'boom'))
      .mockResolvedValue({
        id: 'i1',
        businessId: 'b1',
        email: 'new@example.com',
        role: 'admin',
        invitedBy: null,
        createdAt: '2026-01-01T00:00:00.000Z',
        expiresAt: '2026-01-08T00:00:00.000Z',
        expired: false,
      });
    await openMembers();
    const form = screen.getByRole('form', { name: 'Invite a member' });
    const email = within(form).getByLabelText(/Email/);
    fireEvent.change(email, { target: { value: 'new.example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invite' }));
    expect(await within(form).findByText('Email address must contain @ symbol')).toBeInTheDocument();
    expect(invite).not.toHaveBeenCalled();

    fireEvent.change(email, { target: { value: 'new@example.com' } });
    fireEvent.click(within(form).getByRole('combobox', { name: 'Role' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Admin' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Send invite' }));
    await waitFor(() => expect(toasts.errors()).toEqual([BUSINESS_MESSAGES.alreadyMember]));
    expect(invite).toHaveBeenCalledWith('b1', { email: 'new@example.com', role: 'admin' });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invite' }));
    await waitFor(() =>
      expect(toasts.errors()).toEqual([BUSINESS_MESSAGES.alreadyMember, BUSINESS_MESSAGES.inviteFailed]),
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Send invite' }));
    await waitFor(() => expect(toasts.toasts.map((t) => t.message)).toContain('Invite sent to new@example.com'));
    await waitFor(() => expect(email).toHaveValue(''));
  });

  it('lists pending invites and revokes one after confirmation', async () => {
    stubGet();
    const pending = {
      id: 'i1',
      businessId: 'b1',
      email: 'later@example.com',
      role: 'member' as const,
      invitedBy: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      expiresAt: '2026-01-08T00:00:00.000Z',
      expired: false,
    };
    const list = jest
      .spyOn(businesses, 'listInvites')
      .mockResolvedValueOnce([pending, { ...pending, id: 'i2', email: 'old@example.com', expired: true }])
      .mockResolvedValue([]);
    const revoke = jest.spyOn(businesses, 'revokeInvite').mockResolvedValue();
    await openMembers();
    const table = await screen.findByRole('table', { name: 'Pending invites' });
    expect(within(table).getByText('later@example.com')).toBeInTheDocument();
    expect(within(table).getByText('Expired')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Revoke invite to later@example.com' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(revoke).toHaveBeenCalledWith('b1', 'i1'));
    expect(await screen.findByText('No pending invites')).toBeInTheDocument();
    expect(list).toHaveBeenCalledTimes(2);
  });
});
