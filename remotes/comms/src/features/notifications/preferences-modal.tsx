import { NOTIFICATION_TYPE_LABELS, NOTIFICATION_TYPES, type NotificationType } from '@atrium/domain-comms';
import { Center, DraggableModal, Loader, Stack, Switch, Text } from '@atrium/ui';
import { useNotificationPreferences, useSavePreferences } from './use-notifications';

/** Per-type switches, stored per user: a type switched off is not delivered to them at all. */
export function PreferencesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const prefs = useNotificationPreferences(opened);
  const save = useSavePreferences();
  return (
    <DraggableModal
      modalId="notification-settings"
      opened={opened}
      onClose={onClose}
      title="Notification settings"
      size="md"
    >
      <Text size="sm" c="dimmed" mb="sm">
        Choose what reaches your bell. A type switched off is not delivered to you.
      </Text>
      {prefs.isPending ? (
        <Center py="md">
          <Loader size="sm" aria-label="Loading settings" />
        </Center>
      ) : prefs.isError ? (
        <Text size="sm" role="alert">
          Failed to load notification settings
        </Text>
      ) : (
        <Stack gap="xs">
          {NOTIFICATION_TYPES.map((type: NotificationType) => (
            <Switch
              key={type}
              label={NOTIFICATION_TYPE_LABELS[type]}
              checked={save.isPending && save.variables?.[type] !== undefined ? save.variables[type] : prefs.data[type]}
              onChange={(e) => save.mutate({ [type]: e.currentTarget.checked })}
            />
          ))}
        </Stack>
      )}
    </DraggableModal>
  );
}
