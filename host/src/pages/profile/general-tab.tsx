import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { fieldErrorsOf, sessionView } from '@atrium/api-client';
import { IMAGE_MAX_BYTES, IMAGE_MIME_TYPES, type User } from '@atrium/contracts';
import { toast } from '@atrium/event-bus';
import {
  Button,
  FileButton,
  Group,
  IconTrash,
  IconUpload,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  handleError,
  schemaResolver,
  useForm,
} from '@atrium/ui';
import { identity, updateProfileSchema } from '@atrium/domain-identity';
import { UserAvatar } from './user-avatar';
import { WeatherCard } from './weather-card';

export const PROFILE_MESSAGES = {
  updated: 'Profile updated',
  updateFailed: 'Failed to update profile',
  pictureUpdated: 'Profile picture updated',
  pictureRemoved: 'Profile picture removed',
  pictureFailed: 'Failed to upload profile picture',
  pictureRemoveFailed: 'Failed to remove profile picture',
  pictureType: 'Choose a PNG, JPEG, WebP or GIF image',
  pictureSize: `The picture must be at most ${IMAGE_MAX_BYTES / (1024 * 1024)} MB`,
} as const;

const OPTIONAL = ['phoneNumber', 'city', 'state', 'country', 'industry'] as const;
type ProfileValues = Record<'firstName' | 'lastName' | (typeof OPTIONAL)[number], string>;

function valuesOf(user: User | null): ProfileValues {
  return {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    phoneNumber: user?.phoneNumber ?? '',
    city: user?.city ?? '',
    state: user?.state ?? '',
    country: user?.country ?? '',
    industry: user?.industry ?? '',
  };
}

/** The browser's check before an upload (the server checks the same and answers 415/413). */
export function pictureProblem(file: File): string | null {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return PROFILE_MESSAGES.pictureType;
  if (file.size > IMAGE_MAX_BYTES) return PROFILE_MESSAGES.pictureSize;
  return null;
}

function PictureCard() {
  const { user } = useSnapshot(sessionView);
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const hasPicture = Boolean(user?.picture || user?.profilePicture);

  const upload = async (file: File | null) => {
    if (!file) return;
    const bad = pictureProblem(file);
    setProblem(bad);
    if (bad) return;
    setBusy('upload');
    try {
      if (!(await identity.uploadPicture(file, file.name))) await identity.me().catch(() => null);
      toast.success(PROFILE_MESSAGES.pictureUpdated);
    } catch (e) {
      handleError(e, { message: PROFILE_MESSAGES.pictureFailed });
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setBusy('remove');
    setProblem(null);
    try {
      if (!(await identity.deletePicture())) await identity.me().catch(() => null);
      toast.success(PROFILE_MESSAGES.pictureRemoved);
    } catch (e) {
      handleError(e, { message: PROFILE_MESSAGES.pictureRemoveFailed });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Paper withBorder p="lg" radius="md">
      <Group gap="lg" wrap="nowrap" align="center">
        {user && <UserAvatar user={user} size={84} />}
        <Stack gap={6}>
          <Title order={3} fz="md">
            Profile picture
          </Title>
          <Text size="sm" c="dimmed">
            PNG, JPEG, WebP or GIF, up to {IMAGE_MAX_BYTES / (1024 * 1024)} MB.
          </Text>
          <Group gap="xs">
            <FileButton onChange={(f) => void upload(f)} accept={IMAGE_MIME_TYPES.join(',')}>
              {(props) => (
                <Button
                  {...props}
                  size="xs"
                  variant="light"
                  leftSection={<IconUpload size={14} />}
                  loading={busy === 'upload'}
                  disabled={busy !== null}
                >
                  {hasPicture ? 'Change picture' : 'Upload picture'}
                </Button>
              )}
            </FileButton>
            {hasPicture && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} />}
                loading={busy === 'remove'}
                disabled={busy !== null}
                onClick={() => void remove()}
              >
                Remove
              </Button>
            )}
          </Group>
          {problem && (
            <Text size="sm" c="red" role="alert">
              {problem}
            </Text>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

/** /settings/profile (general): PATCH /users/me with the shared profile schema, and the profile picture. */
export function GeneralTab() {
  const { user } = useSnapshot(sessionView);
  const [saving, setSaving] = useState(false);
  const form = useForm<ProfileValues>({
    mode: 'uncontrolled',
    initialValues: valuesOf(user as User | null),
    validate: schemaResolver(updateProfileSchema, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    const payload: Record<string, string | null> = { firstName: values.firstName, lastName: values.lastName };
    for (const k of OPTIONAL) payload[k] = values[k].trim() === '' ? null : values[k];
    try {
      const updated = await identity.updateProfile(payload);
      if (!updated) await identity.me().catch(() => null);
      form.resetDirty();
      toast.success(PROFILE_MESSAGES.updated);
    } catch (e) {
      const fields = fieldErrorsOf(e);
      if (fields) form.setErrors(fields);
      else handleError(e, { message: PROFILE_MESSAGES.updateFailed });
    } finally {
      setSaving(false);
    }
  });

  return (
    <Stack gap="lg">
      <PictureCard />
      <Paper withBorder p="lg" radius="md">
        <form onSubmit={submit} noValidate>
          <Stack>
            <Title order={3} fz="md">
              Personal details
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="First name" required key={form.key('firstName')} {...form.getInputProps('firstName')} />
              <TextInput label="Last name" required key={form.key('lastName')} {...form.getInputProps('lastName')} />
              <TextInput
                label="Email"
                value={user?.email ?? ''}
                readOnly
                variant="filled"
                title="Your sign-in address; it cannot be changed here."
              />
              <TextInput
                label="Phone number"
                type="tel"
                autoComplete="tel"
                key={form.key('phoneNumber')}
                {...form.getInputProps('phoneNumber')}
              />
              <TextInput label="Industry" key={form.key('industry')} {...form.getInputProps('industry')} />
              <TextInput label="City" key={form.key('city')} {...form.getInputProps('city')} />
              <TextInput label="State/Region" key={form.key('state')} {...form.getInputProps('state')} />
              <TextInput label="Country" key={form.key('country')} {...form.getInputProps('country')} />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" loading={saving}>
                Save Changes
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <WeatherCard />
    </Stack>
  );
}
