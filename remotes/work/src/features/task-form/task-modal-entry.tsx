import type { RemoteModalProps } from '@atrium/contracts';
import type { Task } from '@atrium/domain-work';
import { TaskModal } from './task-modal';

/** The 'task' modal other apps open through the bus ('+ New' → Task; a project's "New task"; edit a task). */
export default function TaskModalEntry({ onClose, data }: RemoteModalProps<'task'>) {
  return <TaskModal task={(data?.task as Task | undefined) ?? null} projectId={data?.projectId} onClose={onClose} />;
}
