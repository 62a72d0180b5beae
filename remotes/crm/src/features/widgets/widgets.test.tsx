import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { UiProvider } from '@atrium/ui';
import { contacts, type Contact } from '@atrium/domain-crm';
import CustomerInsightsWidget from './customer-insights-widget';
import RecentContactsWidget from './recent-contacts-widget';

function renderWidget(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <UiProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter>{node}</MemoryRouter>
      </QueryClientProvider>
    </UiProvider>,
  );
}
const page = (total: number, data: Partial<Contact>[] = []) => ({
  success: true as const,
  data: data as Contact[],
  pagination: { total, page: 1, limit: 5, totalPages: 1 },
});

describe('crm home widgets', () => {
  afterEach(() => jest.restoreAllMocks());

  it('recent contacts lists the five newest with links to their pages', async () => {
    const list = jest.spyOn(contacts, 'list').mockResolvedValue(
      page(2, [
        { _id: 'c1', firstName: 'Ann', lastName: 'Lee', name: 'Ann Lee', status: 'Active' },
        { _id: 'c2', firstName: 'Bo', lastName: null, name: 'Bo', status: 'Inactive' },
      ]),
    );
    renderWidget(<RecentContactsWidget />);
    expect(await screen.findByRole('link', { name: 'Ann Lee' })).toHaveAttribute('href', '/contacts/c1');
    expect(screen.getByText('Inactive')).toBeInTheDocument();
    expect(list).toHaveBeenCalledWith({ page: 1, limit: 5 });
  });

  it('recent contacts invites the first contact when there is none', async () => {
    jest.spyOn(contacts, 'list').mockResolvedValue(page(0));
    renderWidget(<RecentContactsWidget />);
    expect(await screen.findByRole('link', { name: 'Add your first client' })).toBeInTheDocument();
  });

  it('customer insights counts with one filtered query per figure', async () => {
    const list = jest.spyOn(contacts, 'list').mockImplementation(async (q) => {
      const query = q as Record<string, unknown>;
      return page(query.status === 'Active' ? 7 : query.status === 'Inactive' ? 3 : query.dateCreatedFrom ? 2 : 10);
    });
    renderWidget(<CustomerInsightsWidget />);
    expect(await screen.findByTestId('insight-Total')).toHaveTextContent('10');
    expect(screen.getByTestId('insight-Active')).toHaveTextContent('7');
    expect(screen.getByTestId('insight-Inactive')).toHaveTextContent('3');
    expect(screen.getByTestId('insight-New (30 days)')).toHaveTextContent('2');
    expect(list).toHaveBeenCalledWith(
      expect.objectContaining({ limit: 1, dateCreatedFrom: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) }),
    );
  });
});
