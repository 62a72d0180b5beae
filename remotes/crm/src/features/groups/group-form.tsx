import { fieldErrorsOf, isApiError } from '@atrium/api-client';
import {
  Button,
  ColorInput,
  Group,
  Stack,
  TextInput,
  Textarea,
  handleError,
  schemaResolver,
  useForm,
} from '@atrium/ui';
import {
  contactGroupInputSchema,
  DEFAULT_GROUP_COLOR,
  type ContactGroup,
  type ContactGroupInput,
} from '@atrium/domain-crm';

const SWATCHES = ['#0ca678', '#1971c2', '#e03131', '#f08c00', '#7048e8', '#c2255c', '#2f9e44', '#495057'];

interface GroupFormProps {
  group?: ContactGroup;
  submitLabel: string;
  onSubmit: (input: ContactGroupInput) => Promise<void>;
  onCancel: () => void;
}

/** Name (required, unique), colour (shown as the group's chip) and description. */
export function GroupForm({ group, submitLabel, onSubmit, onCancel }: GroupFormProps) {
  const form = useForm({
    initialValues: {
      name: group?.name ?? '',
      color: group?.color ?? DEFAULT_GROUP_COLOR,
      description: group?.description ?? '',
    },
    validate: schemaResolver(contactGroupInputSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const submit = form.onSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (e) {
      if (isApiError(e) && e.status === 409) form.setFieldError('name', e.message);
      else if (fieldErrorsOf(e)) form.setErrors(fieldErrorsOf(e)!);
      // Anything else (the network, a server failure): said in a toast, the form kept as typed.
      else handleError(e);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
        <ColorInput label="Color" swatches={SWATCHES} format="hex" {...form.getInputProps('color')} />
        <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
