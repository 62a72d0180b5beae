import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@atrium/api-client';
import { clearTestSession } from '@atrium/api-client/testing';
import { adminUsers, ADMIN_MESSAGES, type AdminUserDetail, type AdminUserSummary } from '@atrium/domain-admin';
import AdminUserPage from './admin-user-page';
import AdminUsersPage from './admin-users-page';
import { makeUser, renderRoutes, signIn } from '../test-utils';

const routes = { '/admin-users': <AdminUsersPage />, '/admin-users/:userId': <AdminUserPage /> };

const row = (i: number, over: Partial<AdminUserSummary> = {}): AdminUserSummary => ({
  _id: `u${i}`,
  id: `u${i}`,
  email: `user${i}@example.com`,
  firstName: `First${i}`,
  lastName: `Last${i}`,
  verified: i % 2 === 0,
  businessCount: i,
  createdAt: '2026-03-04T10:00:00.000Z',
  ...over,
});
const page = (rows: AdminUserSummary[], total: number, p = 1) => ({
  success: true as const,
  data: rows,
  pagination: { total, page: p, limit: 20, totalPages: Math.max(1, Math.ceil(total / 20)) },
});

beforeEach(() => signIn(makeUser({ email: 'ops@atrium.app' })));
afterEach(() => {
  clearTestSession();
  jest.restoreAllMocks();
});

describe('admin users list', () => {
  it('shows users with verified flag, businesses count and join date, linking to the details', async () => {
    jest.spyOn(adminUsers, 'list').mockResolvedValue(page([row(1), row(2)], 2));
    renderRoutes('/admin-users', routes);
    await screen.findByRole('link', { name: 'First1 Last1' });
    const table = screen.getByRole('table', { name: 'Users' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'First1 Last1' })).toHaveAttribute('href', '/admin-users/u1');
    expect(within(rows[0]!).getByText('Not verified')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Verified')).toBeInTheDocument();
    expect(within(rows[1]!).getAllByRole('cell')[3]).toHaveTextContent('2');
    expect(screen.getByText('2 users')).toBeInTheDocument();
  });

  it('searches (debounced, kept in the address) and pages', async () => {
    const list = jest
      .spyOn(adminUsers, 'list')
      .mockImplementation(async (q) =>
        q?.search ? page([row(7, { firstName: 'Grace' })], 45, q.page) : page([row(1)], 45, q?.page ?? 1),
      );
    renderRoutes('/admin-users', routes);
    await screen.findByRole('link', { name: 'First1 Last1' });
    expect(list).toHaveBeenLastCalledWith({ search: undefined, page: 1, limit: 20 });

    fireEvent.change(screen.getByRole('textbox', { name: 'Search users' }), { target: { value: 'grace' } });
    expect(await screen.findByRole('link', { name: 'Grace Last7' })).toBeInTheDocument();
    expect(list).toHaveBeenLastCalledWith({ search: 'grace', page: 1, limit: 20 });
    expect(screen.getByTestId('where').textContent).toBe('/admin-users?search=grace');

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ search: 'grace', page: 2, limit: 20 }));
    expect(screen.getByTestId('where').textContent).toBe('/admin-users?search=grace&page=2');
  });

  it('says when nothing matches', async () => {
    jest.spyOn(adminUsers, 'list').mockResolvedValue(page([], 0));
    renderRoutes('/admin-users?search=zzz', routes);
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search users' })).toHaveValue('zzz');
  });

  it('a user outside the company domain (server 403) sees that the page is not for them, and no data', async () => {
    signIn(makeUser({ email: 'ada@example.com' }));
    jest.spyOn(adminUsers, 'list').mockRejectedValue(new ApiError(403, 'FORBIDDEN', ADMIN_MESSAGES.companyOnly));
    renderRoutes('/admin-users', routes);
    expect(await screen.findByText('Page not available')).toBeInTheDocument();
    expect(screen.getByText(`${ADMIN_MESSAGES.companyOnly}.`)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('other failures are reported', async () => {
    jest.spyOn(adminUsers, 'list').mockRejectedValue(new ApiError(500, 'INTERNAL_ERROR', 'Database down'));
    renderRoutes('/admin-users', routes);
    // One retry, as every query of the app (QUERY_RETRY), then the failure.
    expect(await screen.findByText(ADMIN_MESSAGES.loadFailed, {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByText('Database down')).toBeInTheDocument();
  });
});

describe('admin user details', () => {
  const detail: AdminUserDetail = {
    ...row(4),
    phoneNumber: '+1 555 0100',
    city: 'London',
    country: 'United Kingdom',
    industry: null,
    hasGoogle: true,
    memberships: [
      { businessId: 'b1', businessName: 'Analytical Engines', role: 'owner', joinedAt: '2026-01-02T00:00:00.000Z' },
      { businessId: 'b2', businessName: 'Looms Ltd', role: 'member', joinedAt: '2026-02-02T00:00:00.000Z' },
    ],
    activeSessions: 3,
  };

  it('shows the user, their businesses with roles and the active session count', async () => {
    const get = jest.spyOn(adminUsers, 'get').mockResolvedValue(detail);
    renderRoutes('/admin-users/u4', routes);
    expect(await screen.findByRole('heading', { name: 'First4 Last4' })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('u4');
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.getByText('London, United Kingdom')).toBeInTheDocument();
    expect(screen.getByText('3')).toBeInTheDocument();
    expect(screen.getByText('Linked')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Memberships' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(0, 2)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Analytical Engines', 'Owner'],
      ['Looms Ltd', 'Member'],
    ]);
    expect(screen.getByRole('link', { name: '← Admin users' })).toHaveAttribute('href', '/admin-users');
  });

  it('an unknown id: User not found', async () => {
    jest.spyOn(adminUsers, 'get').mockRejectedValue(new ApiError(404, 'NOT_FOUND', ADMIN_MESSAGES.userNotFound));
    renderRoutes('/admin-users/nope', routes);
    expect(await screen.findByText(ADMIN_MESSAGES.userNotFound)).toBeInTheDocument();
  });

  it('refused for a user outside the company domain', async () => {
    jest.spyOn(adminUsers, 'get').mockRejectedValue(new ApiError(403, 'FORBIDDEN', ADMIN_MESSAGES.companyOnly));
    renderRoutes('/admin-users/u4', routes);
    expect(await screen.findByText('Page not available')).toBeInTheDocument();
  });
});
