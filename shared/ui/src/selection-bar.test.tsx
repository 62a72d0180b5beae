import { fireEvent, screen } from '@testing-library/react';
import { SelectionBar } from './selection-bar';
import { renderWithUi } from './test-utils';

describe('SelectionBar', () => {
  it('shows how many rows are selected, the actions, and clears', () => {
    const onClear = jest.fn();
    renderWithUi(
      <SelectionBar count={3} onClear={onClear}>
        <button type="button">Delete</button>
      </SelectionBar>,
    );
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });
});
