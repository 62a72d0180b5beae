import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderWithUi } from '../test-utils';
import { UiProvider } from '../providers';
import { ChipMultiSelect, visibleChips, type MultiSelectOption } from './chip-multi-select';
import { SearchableSelect } from './searchable-select';
import { AddressFields } from './address-fields';

const groups: MultiSelectOption[] = [
  { value: 'g1', label: 'VIP', color: '#e03131' },
  { value: 'g2', label: 'Weddings', color: '#1971c2' },
  { value: 'g3', label: 'Corporate' },
];

function Multi({ initial = [] as string[] }) {
  const [value, setValue] = useState(initial);
  return <ChipMultiSelect label="Groups" data={groups} value={value} onChange={setValue} />;
}

describe('visibleChips', () => {
  it('shows up to 2 chips, then the first chip plus +N more', () => {
    expect(visibleChips(['a'])).toEqual({ chips: ['a'], more: 0 });
    expect(visibleChips(['a', 'b'])).toEqual({ chips: ['a', 'b'], more: 0 });
    expect(visibleChips(['a', 'b', 'c', 'd'])).toEqual({ chips: ['a'], more: 3 });
  });
});

describe('ChipMultiSelect', () => {
  it('renders chips the spec way and removes one by its button', () => {
    renderWithUi(<Multi initial={['g1', 'g2', 'g3']} />);
    const pills = () => Array.from(document.querySelectorAll('.mantine-Pill-label')).map((p) => p.textContent);
    expect(pills()).toEqual(['VIP', '+2 more']);
    fireEvent.click(document.querySelector('.mantine-Pill-remove')!);
    expect(pills()).toEqual(['Weddings', 'Corporate']);
  });

  it('adds an option picked from the list, filters by typing and says when nothing matches', async () => {
    renderWithUi(<Multi />);
    const input = screen.getByLabelText('Groups');
    fireEvent.focus(input);
    fireEvent.click(await screen.findByRole('option', { name: 'Weddings' }));
    expect(Array.from(document.querySelectorAll('.mantine-Pill-label')).map((p) => p.textContent)).toEqual([
      'Weddings',
    ]);
    fireEvent.change(input, { target: { value: 'zzz' } });
    expect(await screen.findByText('No options available')).toBeInTheDocument();
  });
});

/** Past the moment the old code blanked the field (100 ms after a choice). */
const afterTheBlanking = () => act(() => new Promise((r) => setTimeout(r, 250)));

/** A form's controlled field: the value lives outside, as in the meeting, task and address forms. */
const PROJECTS = [
  { value: 'p1', label: 'Smith wedding' },
  { value: 'p2', label: 'Jones studio' },
];
function ControlledSelect({ initial = null as string | null, data = PROJECTS }) {
  const [value, setValue] = useState<string | null>(initial);
  return <SearchableSelect label="Project" data={data} value={value} onChange={setValue} />;
}

describe('SearchableSelect', () => {
  it('shows the chosen label after a choice (not the typed search) and lists every option on the next opening', async () => {
    const onChange = jest.fn();
    renderWithUi(<SearchableSelect label="Status" data={['Active', 'Inactive']} onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Status' });
    fireEvent.click(input);
    fireEvent.change(input, { target: { value: 'Ina' } });
    fireEvent.click(await screen.findByText('Inactive'));
    expect(onChange).toHaveBeenCalledWith('Inactive', expect.anything());
    await afterTheBlanking();
    expect(input).toHaveValue('Inactive');
    fireEvent.click(input);
    await waitFor(() =>
      expect(screen.getAllByRole('option', { hidden: true }).map((o) => o.textContent)).toEqual(['Active', 'Inactive']),
    );
  });

  it('a controlled field keeps showing the chosen label', async () => {
    renderWithUi(<ControlledSelect />);
    const input = screen.getByRole('combobox', { name: 'Project' });
    fireEvent.click(input);
    fireEvent.change(input, { target: { value: 'jon' } });
    fireEvent.click(await screen.findByText('Jones studio'));
    await afterTheBlanking();
    expect(input).toHaveValue('Jones studio');
  });

  it('shows the label of a value set from outside (an edit form)', async () => {
    renderWithUi(<ControlledSelect initial="p2" />);
    await afterTheBlanking();
    expect(screen.getByRole('combobox', { name: 'Project' })).toHaveValue('Jones studio');
  });

  it('shows the label of a saved value once its options arrive (an edit form whose list loads)', async () => {
    const { rerender } = render(<ControlledSelect initial="p2" data={[]} />, { wrapper: UiProvider });
    rerender(<ControlledSelect initial="p2" data={PROJECTS} />);
    await afterTheBlanking();
    expect(screen.getByRole('combobox', { name: 'Project' })).toHaveValue('Jones studio');
  });
});

describe('AddressFields', () => {
  it('has the six labelled fields of the shared address form', () => {
    renderWithUi(<AddressFields inputProps={() => ({ value: '', onChange: () => {} })} />);
    for (const label of ['Address Line 1', 'Address Line 2', 'Country', 'State/Region', 'City', 'Zip/Code']) {
      expect(screen.getAllByLabelText(label).length).toBeGreaterThan(0);
    }
  });
});
