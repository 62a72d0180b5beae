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

  it("'is any of' keeps what is typed (a comma, a space) while sending the parsed list; an enumeration picks values", () => {
    renderWithUi(
      <Harness
        initial={[
          {
            id: 'g',
            combinator: 'AND',
            conditions: [
              { id: 'c1', field: 'city', operator: 'in', value: [] },
              { id: 'c2', field: 'status', operator: 'in', value: ['Active'] },
            ],
          },
        ]}
      />,
    );
    const box = screen.getByRole('textbox', { name: 'Value for city' });
    for (const typed of ['Paris', 'Paris,', 'Paris, ', 'Paris, New', 'Paris, New York']) {
      fireEvent.change(box, { target: { value: typed } });
      expect(box).toHaveValue(typed);
    }
    expect(latest[0]!.conditions[0]!.value).toEqual(['Paris', 'New York']);
    // Status (an enumeration) offers its values instead of free text.
    expect(screen.queryByRole('textbox', { name: 'Value for Status' })).not.toBeInTheDocument();
    expect(document.querySelector('.mantine-Pill-label')).toHaveTextContent('Active');
  });

  it('stops adding groups and conditions at the limits the address can hold', () => {
    const condition = (i: number) => ({ id: `c${i}`, field: 'firstName', operator: 'eq' as const, value: 'a' });
    const group = (id: string, n: number): FilterGroup => ({
      id,
      combinator: 'AND',
      conditions: Array.from({ length: n }, (_, i) => condition(i)),
    });
    const { unmount } = renderWithUi(<Harness initial={Array.from({ length: 20 }, (_, i) => group(`g${i}`, 1))} />);
    expect(screen.getByRole('button', { name: 'Add filter group' })).toBeDisabled();
    expect(screen.getAllByRole('combobox', { name: 'Add condition' })[0]).toBeEnabled();
    unmount();
    renderWithUi(<Harness initial={[group('g', 50)]} />);
    expect(screen.getByRole('button', { name: 'Add filter group' })).toBeEnabled();
    expect(screen.getByRole('combobox', { name: 'Add condition' })).toBeDisabled();
  });
});
