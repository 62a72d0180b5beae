import { fireEvent, screen } from '@testing-library/react';
import { Table } from '@mantine/core';
import { SortHeader } from './sort-header';
import { renderWithUi } from './test-utils';

const header = (params: { sortBy?: 'title' | 'dueDate'; sortOrder?: 'asc' | 'desc' }, onSort = jest.fn()) => (
  <Table>
    <Table.Thead>
      <Table.Tr>
        <SortHeader field="title" label="Title" params={params} onSort={onSort} />
      </Table.Tr>
    </Table.Thead>
  </Table>
);

describe('SortHeader', () => {
  it('shows the order of the sorted column and asks for the next one', () => {
    const onSort = jest.fn();
    const first = renderWithUi(header({ sortBy: 'title', sortOrder: 'desc' }, onSort));
    expect(screen.getByRole('columnheader')).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('button')).toHaveTextContent('Title ↓');
    fireEvent.click(screen.getByRole('button'));
    expect(onSort).toHaveBeenCalledWith('title');
    first.unmount();
    const second = renderWithUi(header({ sortBy: 'title', sortOrder: 'asc' }));
    expect(screen.getByRole('columnheader')).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('button')).toHaveTextContent('Title ↑');
    second.unmount();
    renderWithUi(header({ sortBy: 'dueDate' }));
    expect(screen.getByRole('columnheader')).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('button')).toHaveTextContent(/^Title$/);
  });
});
