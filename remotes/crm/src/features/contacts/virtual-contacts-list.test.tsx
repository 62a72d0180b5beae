import { act, fireEvent, render, screen } from '@testing-library/react';
import { UiProvider } from '@atrium/ui';
import type { Contact } from '@atrium/domain-crm';
import { VirtualContactsList } from './virtual-contacts-list';

const rows = Array.from({ length: 10_000 }, (_, i) => ({
  _id: `c${i}`,
  firstName: `First${i}`,
  lastName: 'Client',
  name: `First${i} Client`,
  email: `c${i}@clients.test`,
  phone: null,
  business: null,
  status: 'Active',
})) as unknown as Contact[];

async function renderList(props: Partial<React.ComponentProps<typeof VirtualContactsList>> = {}) {
  const onLoadMore = jest.fn();
  const onOpen = jest.fn();
  render(
    <UiProvider env="test">
      <VirtualContactsList
        rows={rows}
        total={25_000}
        hasMore
        loadingMore={false}
        onLoadMore={onLoadMore}
        onOpen={onOpen}
        selected={new Set(['c1'])}
        onSelect={() => {}}
        {...props}
      />
    </UiProvider>,
  );
  await act(async () => {});
  return { onLoadMore, onOpen };
}

describe('VirtualContactsList', () => {
  // jsdom has no layout: give every element the size of a 560 px scroll viewport.
  beforeEach(() => {
    jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(560);
    jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
  });
  afterEach(() => jest.restoreAllMocks());

  it('keeps only the visible window of 10,000 loaded rows in the DOM', async () => {
    await renderList();
    const rendered = screen.getAllByRole('row').length - 1; // minus the header row
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(60);
    expect(screen.getByText('First0 Client')).toBeInTheDocument();
    expect(screen.queryByText('First9999 Client')).not.toBeInTheDocument();
    expect(screen.getByTestId('scroll-range')).toHaveTextContent('10000 of 25000 contacts loaded');
    expect(screen.getByRole('checkbox', { name: 'Select First1 Client' })).toBeChecked();
  });

  it('asks for more when the window reaches the end of what is loaded', async () => {
    const { onLoadMore } = await renderList({ rows: rows.slice(0, 15) });
    expect(onLoadMore).toHaveBeenCalled();
    expect(screen.getByText('First14 Client')).toBeInTheDocument();
  });

  it('does not ask for more while the first rows are in view, and opens a contact by its name', async () => {
    const { onLoadMore, onOpen } = await renderList();
    expect(onLoadMore).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Edit First2 Client' }));
    expect(onOpen).toHaveBeenCalledWith(rows[2]);
  });

  it('after a failed load asks no more by itself (it would repeat forever) and offers Try again', async () => {
    const { onLoadMore } = await renderList({ rows: rows.slice(0, 15), loadError: 'Request timed out' });
    expect(onLoadMore).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('More contacts could not be loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });
});
