import { fireEvent, screen } from '@testing-library/react';
import { ListFilters } from './list-filters';
import { renderWithUi } from './test-utils';

const fields = [{ name: 'title', label: 'Title' }];
const group = {
  combinator: 'AND' as const,
  conditions: [{ field: 'title', operator: 'contains' as const, value: 'x' }],
};

describe('ListFilters', () => {
  it('shows the count, the simple filters and the advanced groups; Clear removes every key and the groups', async () => {
    const onChange = jest.fn();
    renderWithUi(
      <ListFilters count={2} fields={fields} groupsDraft={[group]} filterKeys={['stage', 'type']} onChange={onChange}>
        <span>Simple filter</span>
      </ListFilters>,
    );
    expect(screen.getByText('2')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    expect(await screen.findByText('Simple filter')).toBeInTheDocument();
    expect(screen.getByText('Advanced filters')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Clear filters'));
    expect(onChange).toHaveBeenCalledWith({ stage: null, type: null, filters: null });
  });

  it("turns 'Clear filters' off when nothing narrows the list, unless told otherwise", async () => {
    const { unmount } = renderWithUi(
      <ListFilters count={0} fields={fields} groupsDraft={[]} filterKeys={[]} onChange={jest.fn()}>
        <span />
      </ListFilters>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    expect(await screen.findByRole('button', { name: 'Clear filters' })).toBeDisabled();
    unmount();
    renderWithUi(
      <ListFilters
        count={0}
        fields={fields}
        groupsDraft={[]}
        filterKeys={[]}
        clearDisabled={false}
        onChange={jest.fn()}
      >
        <span />
      </ListFilters>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    expect(await screen.findByRole('button', { name: 'Clear filters' })).toBeEnabled();
  });
});
