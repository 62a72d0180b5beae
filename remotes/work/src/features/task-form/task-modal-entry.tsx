import type { RemoteModalProps } from '@atrium/contracts';
import { Modal, Text } from '@atrium/ui';

/** Stub: the tasks UI replaces this with the task form ('+ New' → Task). */
export default function TaskModalEntry({ onClose }: RemoteModalProps<'task'>) {
  return (
    <Modal opened onClose={onClose} title="New task">
      <Text c="dimmed">The task form loads here.</Text>
    </Modal>
  );
}
