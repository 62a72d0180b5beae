import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClientProvider, focusManager, type QueryClient } from '@tanstack/react-query';
import { setTestSession } from '@atrium/api-client/testing';
import { BUSINESS_REFRESH_MIN_GAP_MS, BUSINESS_REFRESH_MS, type User } from '@atrium/contracts';
import { UiProvider } from '@atrium/ui';
import { businesses, type Business } from '@atrium/domain-admin/public';
import { testQueryClient } from '../test-utils';
import { BusinessSwitcher } from './business-switcher';
import { BusinessSync, businessListOptions, canManage, resolveCurrent, useSwitchBusiness } from './businesses';
import { UserMenu } from './user-menu';

function business(id: string, name: string, role: 'owner' | 'admin' | 'member' = 'owner'): Business {
  return {
    _id: id,
    id,
    name,
    logo: null,
    hasLogo: false,
    typography: { headingFont: 'Inter', bodyFont: 'Inter' },
    settings: {
      allowMemberInvites: false,
      defaultRole: 'member',
      features: { tasks: true, calendar: true, files: true, chat: true },
      notifications: { integrations: true },
    },
    type: null,
    slug: id,
    subscriptionTier: 'free',
    status: 'active',
    colors: { primary: '#0ca678', secondary: '#228be6' },
    members: [{ id: `m-${id}`, businessId: id, userId: 'u1', role, createdAt: '', updatedAt: '' }],
  };
}

const user = (businessId: string, businessName = 'Studio') =>
  ({
    id: 'u1',
    _id: 'u1',
    firstName: 'Maya',
    lastName: 'Lin',
    email: 'maya@studio.com',
    businessId,
    businessName,
  }) as User;

const studio = business('b1', 'Studio');
const bakery = business('b2', 'Bakery', 'member');

function renderWith(ui: React.ReactElement, qc: QueryClient = testQueryClient()) {
  render(
    <UiProvider env="test">
      <QueryClientProvider client={qc}>
        <MemoryRouter>
          <BusinessSync />
          {ui}
        </MemoryRouter>
      </QueryClientProvider>
    </UiProvider>,
  );
  return qc;
}

beforeEach(() => {
  setTestSession({ status: 'authenticated', user: user('b1') });
});
afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
  focusManager.setFocused(undefined);
});

describe('resolveCurrent', () => {
  it("is the session's business when listed", () => {
    expect(resolveCurrent([studio, bakery], 'b2')).toEqual({ current: bakery, switchTo: null });
  });
  it('falls back to the first business, which the session must switch to (current deleted)', () => {
    expect(resolveCurrent([bakery, studio], 'gone')).toEqual({ current: bakery, switchTo: 'b2' });
  });
  it('is none without a list', () => {
    expect(resolveCurrent(undefined, 'b1')).toEqual({ current: null, switchTo: null });
    expect(resolveCurrent([], 'b1')).toEqual({ current: null, switchTo: null });
  });
  it('settings are for owner and admin only', () => {
    expect(canManage(studio, 'u1')).toBe(true);
    expect(canManage(business('b3', 'X', 'admin'), 'u1')).toBe(true);
    expect(canManage(bakery, 'u1')).toBe(false);
  });
});

describe('BusinessSwitcher', () => {
  it('shows the current business and switches to another; every query is reset after the switch', async () => {
    jest.spyOn(businesses, 'list').mockResolvedValue([studio, bakery]);
    const switchTo = jest.spyOn(businesses, 'switchTo').mockImplementation(async (id) => {
      const next = user(id, 'Bakery');
      setTestSession({ user: next });
      return next;
    });
    const qc = testQueryClient();
    const reset = jest.spyOn(qc, 'resetQueries');
    renderWith(<BusinessSwitcher />, qc);
    const button = await screen.findByRole('button', { name: /Current business: Studio/ });
    fireEvent.click(button);
    expect(await screen.findByRole('menuitem', { name: /Business settings/ })).toHaveAttribute(
      'href',
      '/businesses/settings',
    );
    fireEvent.click(screen.getByRole('menuitem', { name: /Bakery/ }));
    await waitFor(() => expect(switchTo).toHaveBeenCalledWith('b2'));
    await waitFor(() => expect(reset).toHaveBeenCalled());
    expect(await screen.findByRole('button', { name: /Current business: Bakery/ })).toBeInTheDocument();
    expect(await screen.findByTestId('toast-stack')).toHaveTextContent('Switched to Bakery');
  });

  it('refuses to switch without a signed-in user (User not authenticated), without calling the API', async () => {
    const list = jest.spyOn(businesses, 'list').mockResolvedValue([studio, bakery]);
    const switchTo = jest.spyOn(businesses, 'switchTo');
    setTestSession({ user: null });
    let hook: ReturnType<typeof useSwitchBusiness> | undefined;
    function Probe() {
      hook = useSwitchBusiness();
      return null;
    }
    renderWith(<Probe />);
    await act(() => hook!.switchTo({ id: 'b2', name: 'Bakery' }));
    // The business list has answered too: with no user, BusinessSync has no current business to switch to either.
    await waitFor(() => expect(list).toHaveBeenCalled());
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(switchTo).not.toHaveBeenCalled();
    expect(await screen.findByTestId('toast-stack')).toHaveTextContent('User not authenticated');
  });

  it('a member does not get the settings entry', async () => {
    setTestSession({ user: user('b2', 'Bakery') });
    jest.spyOn(businesses, 'list').mockResolvedValue([studio, bakery]);
    renderWith(<BusinessSwitcher />);
    fireEvent.click(await screen.findByRole('button', { name: /Current business: Bakery/ }));
    expect(await screen.findByRole('menuitem', { name: /New business/ })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Business settings/ })).not.toBeInTheDocument();
  });

  it("a load failure shows 'No business selected'", async () => {
    jest.spyOn(businesses, 'list').mockRejectedValue(new Error('offline'));
    renderWith(<BusinessSwitcher />);
    expect(await screen.findByText('No business selected')).toBeInTheDocument();
  });

  it('when the current business is gone from a fresh list, the session moves to the first remaining one', async () => {
    setTestSession({ user: user('deleted', 'Old') });
    jest.spyOn(businesses, 'list').mockResolvedValue([bakery, studio]);
    const switchTo = jest.spyOn(businesses, 'switchTo').mockImplementation(async (id) => {
      const next = user(id, 'Bakery');
      setTestSession({ user: next });
      return next;
    });
    renderWith(<BusinessSwitcher />);
    await waitFor(() => expect(switchTo).toHaveBeenCalledWith('b2'));
    expect(switchTo).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('button', { name: /Current business: Bakery/ })).toBeInTheDocument();
  });
});

describe('BusinessSync', () => {
  it('drops every cached query on sign-out, and resets them when another user signs in', async () => {
    jest.spyOn(businesses, 'list').mockResolvedValue([studio]);
    const qc = testQueryClient();
    const remove = jest.spyOn(qc, 'removeQueries');
    const reset = jest.spyOn(qc, 'resetQueries');
    renderWith(<BusinessSwitcher />, qc);
    await screen.findByRole('button', { name: /Current business: Studio/ });
    act(() => {
      setTestSession({ user: null, status: 'anonymous' });
    });
    await waitFor(() => expect(remove).toHaveBeenCalledTimes(1));
    expect(reset).not.toHaveBeenCalled();
    // A profile change of the same user and business is not a change of identity.
    act(() => {
      setTestSession({ user: user('b1'), status: 'authenticated' });
    });
    act(() => {
      setTestSession({ user: { ...user('b1'), firstName: 'Mia' } });
    });
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(reset).not.toHaveBeenCalled();
    act(() => {
      setTestSession({ user: { ...user('b1'), id: 'u2' } });
    });
    await waitFor(() => expect(reset).toHaveBeenCalledTimes(1));
  });
});

describe('business list refresh', () => {
  it('uses the spec intervals', () => {
    expect(businessListOptions).toMatchObject({
      refetchInterval: BUSINESS_REFRESH_MS,
      refetchIntervalInBackground: false,
      staleTime: BUSINESS_REFRESH_MIN_GAP_MS,
    });
  });

  it('refreshes every 5 minutes while the tab is visible, not while hidden', async () => {
    jest.useFakeTimers();
    const list = jest.spyOn(businesses, 'list').mockResolvedValue([studio]);
    renderWith(<BusinessSwitcher />);
    await act(() => jest.advanceTimersByTimeAsync(100));
    expect(list).toHaveBeenCalledTimes(1);
    await act(() => jest.advanceTimersByTimeAsync(BUSINESS_REFRESH_MS - 1000));
    expect(list).toHaveBeenCalledTimes(1);
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(list).toHaveBeenCalledTimes(2);
    act(() => focusManager.setFocused(false));
    await act(() => jest.advanceTimersByTimeAsync(BUSINESS_REFRESH_MS * 2));
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('a second switcher mounted within 5 s does not fetch again', async () => {
    const list = jest.spyOn(businesses, 'list').mockResolvedValue([studio]);
    const qc = renderWith(<BusinessSwitcher />);
    await screen.findByRole('button', { name: /Current business: Studio/ });
    render(
      <UiProvider env="test">
        <QueryClientProvider client={qc}>
          <MemoryRouter>
            <UserMenu />
          </MemoryRouter>
        </QueryClientProvider>
      </UiProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'User menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Settings of Studio' })).toBeInTheDocument();
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(list).toHaveBeenCalledTimes(1);
  });
});

describe('UserMenu businesses', () => {
  it('lists the businesses with a settings link for the current one, and switches on click', async () => {
    jest.spyOn(businesses, 'list').mockResolvedValue([studio, bakery]);
    const switchTo = jest.spyOn(businesses, 'switchTo').mockImplementation(async (id) => {
      const next = user(id, 'Bakery');
      setTestSession({ user: next });
      return next;
    });
    renderWith(<UserMenu />);
    fireEvent.click(screen.getByRole('button', { name: 'User menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Settings of Studio' })).toHaveAttribute(
      'href',
      '/businesses/b1/settings',
    );
    expect(screen.queryByRole('menuitem', { name: 'Settings of Bakery' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('menuitem', { name: /Bakery/ }));
    await waitFor(() => expect(switchTo).toHaveBeenCalledWith('b2'));
  });
});
