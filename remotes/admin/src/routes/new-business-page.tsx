import { fieldErrorsOf } from '@atrium/api-client';
import { toast } from '@atrium/event-bus';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  handleError,
  schemaResolver,
  useForm,
  useNavigate,
} from '@atrium/ui';
import { businesses, BUSINESS_MESSAGES, createBusinessSchema, businessKeys } from '@atrium/domain-admin';
import { businessError } from '../lib/errors';

/** /businesses/new: create a business, make it the current one, then open its settings. */
export default function NewBusinessPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const form = useForm({
    initialValues: { name: '', type: '' },
    validate: schemaResolver(createBusinessSchema, { sync: true }),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(async (values) => {
    let created;
    try {
      created = await businesses.create({ name: values.name.trim(), type: values.type.trim() || null });
    } catch (e) {
      const fields = fieldErrorsOf(e);
      if (fields) form.setErrors(fields);
      businessError(e, BUSINESS_MESSAGES.createFailed);
      return;
    }
    await qc.invalidateQueries({ queryKey: businessKeys.list });
    toast.success(`${created.name} created`);
    try {
      await businesses.switchTo(created.id);
    } catch (e) {
      handleError(e);
    }
    navigate(`/businesses/${encodeURIComponent(created.id)}/settings`);
  });

  return (
    <Stack maw={560}>
      <Title order={1} fz={26}>
        New business
      </Title>
      <Text c="dimmed" size="sm">
        You become its owner. Contacts, groups and notes of each business are kept apart; switch between them from the
        header.
      </Text>
      <Paper withBorder p="lg" radius="md">
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput label="Business name" withAsterisk data-autofocus {...form.getInputProps('name')} />
            <TextInput
              label="Business type"
              placeholder="e.g. Interior design studio"
              {...form.getInputProps('type')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => navigate(-1)}>
                Cancel
              </Button>
              <Button type="submit" loading={form.submitting}>
                Create business
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
