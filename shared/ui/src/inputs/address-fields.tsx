import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { COUNTRIES } from '@atrium/contracts';
import { SearchableSelect } from './searchable-select';

type Key = 'address' | 'address2' | 'country' | 'state' | 'city' | 'zipCode';
/** The shape @mantine/form's getInputProps returns (value, onChange, error...). */
type InputProps = { value?: any; onChange?: (v: any) => void; error?: any; [key: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c.name, label: `${c.flag} ${c.name}` }));

/** The shared address form (docs/requirements.md §2): Address Line 1/2, Country, State/Region, City, Zip/Code. */
export function AddressFields({ inputProps }: { inputProps: (key: Key) => InputProps }) {
  const country = inputProps('country');
  return (
    <Stack gap="sm">
      <TextInput label="Address Line 1" {...inputProps('address')} />
      <TextInput label="Address Line 2" {...inputProps('address2')} />
      <SimpleGrid cols={2}>
        <SearchableSelect
          label="Country"
          data={COUNTRY_OPTIONS}
          value={(country.value as string | null) || null}
          onChange={(v) => country.onChange?.(v ?? '')}
          error={country.error as string | undefined}
        />
        <TextInput label="State/Region" {...inputProps('state')} />
        <TextInput label="City" {...inputProps('city')} />
        <TextInput label="Zip/Code" {...inputProps('zipCode')} />
      </SimpleGrid>
    </Stack>
  );
}
