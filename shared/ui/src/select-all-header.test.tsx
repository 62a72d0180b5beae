import { fireEvent, screen } from '@testing-library/react';
import { Table } from '@mantine/core';
import { SelectAllHeader } from './select-all-header';
import { renderWithUi } from './test-utils';

const header = (selected: string[], onSelect = jest.fn()) => (
  <Table>
    <Table.Thead>
      <Table.Tr>
        <SelectAllHeader ids={['a', 'b']} selected={new Set(selected)} onSelect={onSelect} />
      </Table.Tr>
    </Table.Thead>
  </Table>
);
const box = () => screen.getByRole('checkbox', { name: 'Select all on this page' });

describe('SelectAllHeader', () => {
  it('is checked for all rows, half-checked for some, and selects or drops the page', () => {
    const onSelect = jest.fn();
    const none = renderWithUi(header([], onSelect));
    expect(box()).not.toBeChecked();
    fireEvent.click(box());
    expect(onSelect).toHaveBeenCalledWith(['a', 'b'], true);
    none.unmount();
    const some = renderWithUi(header(['a']));
    expect(box()).toHaveAttribute('data-indeterminate', 'true');
    some.unmount();
    renderWithUi(header(['a', 'b'], onSelect));
    expect(box()).toBeChecked();
    fireEvent.click(box());
    expect(onSelect).toHaveBeenLastCalledWith(['a', 'b'], false);
  });
});
