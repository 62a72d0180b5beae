import { useState } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithUi } from '../test-utils';
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

describe('SearchableSelect', () => {
  it('clears its search text shortly after a choice', async () => {
    const onChange = jest.fn();
    renderWithUi(<SearchableSelect label="Status" data={['Active', 'Inactive']} onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Status' });
    fireEvent.click(input);
    fireEvent.change(input, { target: { value: 'Ina' } });
    fireEvent.click(await screen.findByText('Inactive'));
    expect(onChange).toHaveBeenCalledWith('Inactive', expect.anything());
    await waitFor(() => expect(input).toHaveValue(''));
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
