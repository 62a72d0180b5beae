import { Button, Group, Modal, Text } from '@mantine/core';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  loading?: boolean;
  danger?: boolean;
}

export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
  loading,
  danger,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={loading}>
          Cancel
        </Button>
        <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}

/** The shared delete confirmation: Cancel and Delete. */
export function DeleteConfirmDialog(
  props: Omit<ConfirmDialogProps, 'confirmLabel' | 'danger' | 'title'> & { title?: string },
) {
  return <ConfirmDialog {...props} title={props.title ?? 'Delete'} confirmLabel="Delete" danger />;
}
