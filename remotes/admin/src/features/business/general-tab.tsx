import { useState } from 'react';
import { fieldErrorsOf } from '@atrium/api-client';
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES, IMAGE_MIME_TYPES, type MemberRole } from '@atrium/contracts';
import { toast } from '@atrium/event-bus';
import {
  Avatar,
  Button,
  ColorInput,
  DeleteConfirmDialog,
  Divider,
  FileButton,
  Group,
  handleError,
  IconTrash,
  IconUpload,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  schemaResolver,
  useForm,
  useNavigate,
} from '@atrium/ui';
import { BUSINESS_MESSAGES, updateBusinessSchema, type Business } from '@atrium/domain-admin';
import { businessError } from '../../lib/errors';
import { useBusinessMutations } from './use-business';

const SWATCHES = ['#12b886', '#228be6', '#7048e8', '#e03131', '#f08c00', '#c2255c', '#2f9e44', '#495057'];
const ACCEPT = IMAGE_MIME_TYPES.join(',');

/** Browser-side checks before an upload (the server checks the bytes again). Null when fine. */
export function logoProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return BUSINESS_MESSAGES.invalidLogoFormat;
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_MESSAGES.tooLarge;
  return null;
}

function LogoSection({ business }: { business: Business }) {
  const { uploadLogo, deleteLogo } = useBusinessMutations(business.id);
  const upload = async (file: File | null) => {
    if (!file) return;
    const problem = logoProblem(file);
    if (problem) {
      handleError(null, { message: problem });
      return;
    }
    try {
      await uploadLogo.mutateAsync(file);
      toast.success('Logo updated');
    } catch (e) {
      businessError(e, BUSINESS_MESSAGES.uploadLogoFailed);
    }
  };
  const remove = async () => {
    try {
      await deleteLogo.mutateAsync();
      toast.success('Logo removed');
    } catch (e) {
      businessError(e, BUSINESS_MESSAGES.deleteLogoFailed);
    }
  };
  return (
    <Group gap="lg" align="center">
      <Avatar
        src={business.hasLogo ? business.logo : null}
        alt={business.hasLogo ? `${business.name} logo` : undefined}
        size={72}
        radius="md"
        color="atrium"
      >
        {business.name.slice(0, 2).toUpperCase()}
      </Avatar>
      <Stack gap={6}>
        <Group gap="xs">
          <FileButton onChange={(f) => void upload(f)} accept={ACCEPT}>
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconUpload size={16} />} loading={uploadLogo.isPending}>
                {business.hasLogo ? 'Replace logo' : 'Upload logo'}
              </Button>
            )}
          </FileButton>
          {business.hasLogo && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => void remove()}
              loading={deleteLogo.isPending}
            >
              Remove logo
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          PNG, JPEG, WebP or GIF, up to {IMAGE_MAX_BYTES / (1024 * 1024)} MB.
        </Text>
      </Stack>
    </Group>
  );
}

interface GeneralValues {
  name: string;
  type: string;
  colors: { primary: string; secondary: string };
}

/** Name, type, colours and logo; owners may also delete the business. */
export function GeneralTab({ business, role }: { business: Business; role: MemberRole }) {
  const { update, remove } = useBusinessMutations(business.id);
  const navigate = useNavigate();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const form = useForm<GeneralValues>({
    initialValues: { name: business.name, type: business.type ?? '', colors: { ...business.colors } },
    validate: schemaResolver(updateBusinessSchema, { sync: true }),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync({
        name: values.name.trim(),
        type: values.type.trim() || null,
        colors: values.colors,
      });
      form.setInitialValues({ name: saved.name, type: saved.type ?? '', colors: { ...saved.colors } });
      form.reset();
      toast.success('Business updated');
    } catch (e) {
      const fields = fieldErrorsOf(e);
      if (fields) form.setErrors(fields);
      businessError(e, BUSINESS_MESSAGES.updateFailed);
    }
  });

  const deleteBusiness = async () => {
    try {
      await remove.mutateAsync();
      setConfirmDelete(false);
      toast.success(`${business.name} deleted`);
      navigate('/');
    } catch (e) {
      setConfirmDelete(false);
      businessError(e, BUSINESS_MESSAGES.deleteFailed);
    }
  };

  return (
    <Stack gap="lg">
      <Paper withBorder p="lg" radius="md">
        <Stack>
          <Title order={2} fz="lg">
            Logo
          </Title>
          <LogoSection business={business} />
        </Stack>
      </Paper>
      <Paper withBorder p="lg" radius="md">
        <form onSubmit={submit} noValidate>
          <Stack>
            <Title order={2} fz="lg">
              Details
            </Title>
            <TextInput label="Business name" withAsterisk {...form.getInputProps('name')} />
            <TextInput
              label="Business type"
              placeholder="e.g. Interior design studio"
              {...form.getInputProps('type')}
            />
            <Group grow align="flex-start">
              <ColorInput
                label="Primary color"
                format="hex"
                swatches={SWATCHES}
                {...form.getInputProps('colors.primary')}
              />
              <ColorInput
                label="Secondary color"
                format="hex"
                swatches={SWATCHES}
                {...form.getInputProps('colors.secondary')}
              />
            </Group>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => form.reset()} disabled={!form.isDirty()}>
                Reset
              </Button>
              <Button type="submit" loading={update.isPending}>
                Save changes
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {role === 'owner' && (
        <Paper withBorder p="lg" radius="md" style={{ borderColor: 'var(--mantine-color-red-4)' }}>
          <Stack gap="xs">
            <Title order={2} fz="lg" c="red">
              Delete business
            </Title>
            <Divider />
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm">
                Deletes {business.name} and everything in it, for every member. This cannot be undone.
              </Text>
              <Button color="red" variant="light" onClick={() => setConfirmDelete(true)}>
                Delete business
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      <DeleteConfirmDialog
        opened={confirmDelete}
        title="Delete business"
        message={`Delete ${business.name}? Everything in it is removed for every member.`}
        loading={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => void deleteBusiness()}
      />
    </Stack>
  );
}
