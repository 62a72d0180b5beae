import { useState } from 'react';
import { fireEvent, screen, within } from '@testing-library/react';
import type { FilterGroup } from '@atrium/contracts';
import { renderWithUi } from '../test-utils';
import { FilterBuilder, type FilterBuilderField } from './filter-builder';

const fields: FilterBuilderField[] = [
  { name: 'firstName', label: 'First name' },
  { name: 'lastContact', label: 'Last contact' },
  { name: 'status', label: 'Status', values: ['Active', 'Inactive'] },
];

let latest: FilterGroup[] = [];
function Harness({ initial = [] as FilterGroup[] }) {
  const [value, setValue] = useState(initial);
  latest = value;
  return <FilterBuilder fields={fields} value={value} onChange={setValue} />;
}

async function pick(label: string, option: string, scope: HTMLElement = document.body) {
  fireEvent.click(within(scope).getAllByRole('combobox', { name: label }).at(-1)!);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('FilterBuilder', () => {
  it('adds a group (AND by default) and a condition built from a field: equals, no value', async () => {
    renderWithUi(<Harness />);
    expect(screen.getByText('No advanced filters.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add filter group' }));
    expect(latest).toEqual([{ id: expect.any(String), combinator: 'AND', conditions: [] }]);
    await pick('Add condition', 'First name');
    expect(latest[0]!.conditions).toEqual([
      { id: expect.any(String), field: 'firstName', operator: 'eq', value: null },
    ]);
    fireEvent.change(screen.getByRole('textbox', { name: 'Value for First name' }), { target: { value: 'Ann' } });
    expect(latest[0]!.conditions[0]!.value).toBe('Ann');
  });

  it('offers date operators and a date input for a date field, and removes conditions', async () => {
    renderWithUi(
      <Harness
        initial={[
          { id: 'g', combinator: 'AND', conditions: [{ id: 'c', field: 'lastContact', operator: 'eq', value: null }] },
        ]}
      />,
    );
    const value = screen.getByLabelText('Value for Last contact');
    expect(value).toHaveAttribute('type', 'date');
    fireEvent.click(screen.getByRole('combobox', { name: 'Operator' }));
    expect(await screen.findByRole('option', { name: 'is before / less than' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'contains' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Remove condition' }));
    expect(latest[0]!.conditions).toEqual([]);
  });

  it('switches a group to OR', () => {
    renderWithUi(<Harness initial={[{ id: 'g', combinator: 'AND', conditions: [] }]} />);
    fireEvent.click(screen.getByText('Any of'));
    expect(latest[0]!.combinator).toBe('OR');
  });
});
