import type { UseFormReturnType } from '@atrium/ui';
import { COUNTRIES } from '@atrium/contracts';
import { ChipMultiSelect, Group, Select, SimpleGrid, Stack, TextInput, type MultiSelectOption } from '@atrium/ui';
import type { ContactFormValues } from './contact-form-values';

type Form = UseFormReturnType<ContactFormValues>;

const PHONE_CODES = [...new Set(COUNTRIES.map((c) => c.phoneCode))].map((code) => ({
  value: code,
  label: `${COUNTRIES.filter((c) => c.phoneCode === code)
    .map((c) => c.flag)
    .join(' ')} ${code}`,
}));

export function DetailsFields({
  form,
  groups,
  tags,
  dateCreated,
}: {
  form: Form;
  groups: MultiSelectOption[];
  tags: MultiSelectOption[];
  dateCreated?: string;
}) {
  return (
    <Stack gap="sm">
      <SimpleGrid cols={2}>
        <TextInput label="First name" withAsterisk {...form.getInputProps('firstName')} />
        <TextInput label="Last name" {...form.getInputProps('lastName')} />
      </SimpleGrid>
      <TextInput label="Email" type="email" withAsterisk {...form.getInputProps('email')} />
      <Group grow align="flex-start" gap="sm" wrap="nowrap">
        <Select
          label="Code"
          aria-label="Phone code"
          data={PHONE_CODES}
          allowDeselect={false}
          maw={140}
          {...form.getInputProps('phoneCode')}
        />
        <TextInput label="Phone" type="tel" {...form.getInputProps('phoneNumber')} />
      </Group>
      <SimpleGrid cols={2}>
        <Select label="Status" data={['Active', 'Inactive']} allowDeselect={false} {...form.getInputProps('status')} />
        <TextInput label="Last contact" type="date" {...form.getInputProps('lastContact')} />
      </SimpleGrid>
      <ChipMultiSelect
        label="Groups"
        placeholder="Add to groups"
        data={groups}
        value={form.getValues().groupIds}
        onChange={(v) => form.setFieldValue('groupIds', v)}
        error={form.errors.groupIds as string | undefined}
      />
      <ChipMultiSelect
        label="Tags"
        placeholder="Add tags"
        data={tags}
        value={form.getValues().tags}
        onChange={(v) => form.setFieldValue('tags', v)}
        error={form.errors.tags as string | undefined}
      />
      {dateCreated && (
        <TextInput label="Date created" value={new Date(dateCreated).toLocaleString()} readOnly variant="filled" />
      )}
    </Stack>
  );
}

export function BusinessFields({ form }: { form: Form }) {
  return (
    <Stack gap="sm">
      <TextInput label="Business name" {...form.getInputProps('business')} />
      <TextInput label="Industry" {...form.getInputProps('industry')} />
      <TextInput label="Specialities" description="Separate with commas" {...form.getInputProps('specialities')} />
      <TextInput label="Found date" type="date" {...form.getInputProps('foundDate')} />
    </Stack>
  );
}

const SOCIAL: [keyof ContactFormValues, string][] = [
  ['blog', 'Blog'],
  ['x', 'X'],
  ['facebook', 'Facebook'],
  ['instagram', 'Instagram'],
  ['linkedin', 'LinkedIn'],
  ['youtube', 'YouTube'],
  ['tiktok', 'TikTok'],
  ['other', 'Other'],
];

export function SocialFields({ form }: { form: Form }) {
  return (
    <SimpleGrid cols={2}>
      {SOCIAL.map(([key, label]) => (
        <TextInput key={key} label={label} placeholder="https://" type="url" {...form.getInputProps(key)} />
      ))}
    </SimpleGrid>
  );
}
