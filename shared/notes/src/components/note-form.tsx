import { useState, type FormEvent } from 'react';
import { NOTE_CATEGORIES, NOTE_MESSAGES, type NoteCategory } from '@atrium/contracts';
import { Button, Group, Select, Stack, TextInput } from '@atrium/ui';
import { categoryLabel, isBlankContent } from '../lib/note-helpers';
import { RichTextField } from './rich-text-field';

export interface NoteFormValues {
  title: string;
  content: string;
  category: NoteCategory;
}

export const CATEGORY_OPTIONS = NOTE_CATEGORIES.map((value) => ({ value, label: categoryLabel(value) }));

interface NoteFormProps {
  initial?: Partial<NoteFormValues>;
  submitLabel: string;
  /** Resolves true when saved (the form then resets), false to keep what was typed. */
  onSubmit: (values: NoteFormValues) => Promise<boolean> | boolean;
  onCancel: () => void;
  busy?: boolean;
}

/** Title (optional), rich-text content (required: docs/requirements.md §5) and category (default general). */
export function NoteForm({ initial, submitLabel, onSubmit, onCancel, busy }: NoteFormProps) {
  const blank: NoteFormValues = {
    title: initial?.title ?? '',
    content: initial?.content ?? '',
    category: initial?.category ?? 'general',
  };
  const [values, setValues] = useState<NoteFormValues>(blank);
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<NoteFormValues>) => setValues((v) => ({ ...v, ...patch }));

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    // A panel placed inside another form (a contact modal) must not submit that form too.
    event?.stopPropagation();
    if (isBlankContent(values.content)) {
      setError(NOTE_MESSAGES.contentRequired);
      return;
    }
    setError(null);
    if (await onSubmit(values)) setValues(blank);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Title"
          placeholder="Title (optional)"
          value={values.title}
          maxLength={200}
          onChange={(event) => set({ title: event.currentTarget.value })}
        />
        <RichTextField
          value={values.content}
          onChange={(content) => {
            set({ content });
            if (error && !isBlankContent(content)) setError(null);
          }}
          error={error}
        />
        <Select
          label="Category"
          data={CATEGORY_OPTIONS}
          value={values.category}
          allowDeselect={false}
          onChange={(category) => category && set({ category: category as NoteCategory })}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
