import { Button, Group, Text } from '@mantine/core';
import { DraggableModal } from './draggable-modal';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  loading?: boolean;
  danger?: boolean;
  /** Where its position is saved (draggable modals); by default one id per title ('confirm:sign-out'). */
  modalId?: string;
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
  loading,
  danger,
  modalId,
}: ConfirmDialogProps) {
  return (
    <DraggableModal modalId={modalId ?? `confirm:${slug(title)}`} opened={opened} onClose={onCancel} title={title}>
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={loading}>
          Cancel
        </Button>
        <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      </Group>
    </DraggableModal>
  );
}

/** The shared delete confirmation: Cancel and Delete. */
export function DeleteConfirmDialog(
  props: Omit<ConfirmDialogProps, 'confirmLabel' | 'danger' | 'title'> & { title?: string },
) {
  return <ConfirmDialog {...props} title={props.title ?? 'Delete'} confirmLabel="Delete" danger />;
}
