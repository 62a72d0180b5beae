import { useState } from 'react';
import { fieldErrorsOf, isApiError } from '@atrium/api-client';
import { toast } from '@atrium/event-bus';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  DeleteConfirmDialog,
  Divider,
  Drawer,
  Group,
  IconCopy,
  IconDotsVertical,
  IconTrash,
  Link,
  Menu,
  PageSkeleton,
  SearchableSelect,
  Stack,
  Tabs,
  Text,
  schemaResolver,
  useForm,
} from '@atrium/ui';
import { TASK_MESSAGES, taskInputSchema, type TaskDetail } from '@atrium/domain-work';
import { TaskPriorityBadge, TaskStatusBadge } from './task-badges';
import { TaskFields } from './task-fields';
import { formatWhen } from '../lib/task-dates';
import { toFormValues, toUpdate, type TaskFormValues } from '../lib/task-form-values';
import { useProjectOptions } from '../hooks/use-task-pickers';
import { TaskAttachments } from './task-attachments';
import { TaskComments } from './task-comments';
import { TaskHistory } from './task-history';
import { useTask, useTaskMutations } from '../hooks/use-task';

export interface TaskDrawerProps {
  /** The task shown; null closes the drawer. */
  taskId: string | null;
  onClose: () => void;
  /** After Duplicate: the copy's id (the page shows the copy). */
  onOpen?: (taskId: string) => void;
}

/**
 * A task opened from the list, the kanban, a project's tasks or the global search: its fields (edit and save),
 * project (move), comments, attachments and history; Duplicate and Delete. Shared by the /tasks page and the
 * project page's tasks tab.
 */
export function TaskDrawer({ taskId, onClose, onOpen }: TaskDrawerProps) {
  const q = useTask(taskId);
  return (
    <Drawer
      opened={!!taskId}
      onClose={onClose}
      position="right"
      size="xl"
      title={<Text fw={600}>Task</Text>}
      padding="lg"
    >
      {!taskId ? null : q.isPending ? (
        <PageSkeleton rows={6} />
      ) : q.isError ? (
        <Alert
          color="red"
          title={
            isApiError(q.error) && q.error.status === 404 ? TASK_MESSAGES.notFound : 'The task could not be loaded'
          }
          role="alert"
        >
          <Stack gap="xs" align="flex-start">
            {!(isApiError(q.error) && q.error.status === 404) && <Text size="sm">{q.error.message}</Text>}
            <Group gap="xs">
              {!(isApiError(q.error) && q.error.status === 404) && (
                <Button size="xs" onClick={() => void q.refetch()}>
                  Try again
                </Button>
              )}
              <Button size="xs" variant="default" onClick={onClose}>
                Close
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <TaskDetails key={q.data._id} task={q.data} onClose={onClose} onOpen={onOpen} />
      )}
    </Drawer>
  );
}

function TaskDetails({
  task,
  onClose,
  onOpen,
}: {
  task: TaskDetail;
  onClose: () => void;
  onOpen?: (id: string) => void;
}) {
  const m = useTaskMutations(task._id);
  const projectOptions = useProjectOptions(task.project);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const form = useForm<TaskFormValues>({
    initialValues: toFormValues(task),
    validate: schemaResolver(taskInputSchema, { sync: true }),
    validateInputOnBlur: true,
  });

  const save = form.onSubmit(async (values) => {
    try {
      await m.update.mutateAsync(toUpdate(values));
      form.resetDirty(values);
      toast.success('Task updated');
    } catch (e) {
      const fields = fieldErrorsOf(e);
      if (fields) form.setErrors(fields);
      toast.error(TASK_MESSAGES.updateFailed);
    }
  });

  const moveTo = async (projectId: string | null) => {
    if ((projectId ?? null) === (task.projectId ?? null)) return;
    try {
      await m.moveToProject.mutateAsync(projectId);
      const title = projectOptions.options.find((o) => o.value === projectId)?.label;
      toast.success(projectId ? `Task moved to ${title ?? 'the project'}` : 'Task removed from its project');
    } catch (e) {
      toast.error(isApiError(e) && e.message ? e.message : 'The task could not be moved. Please try again.');
    }
  };

  const duplicate = async () => {
    try {
      const copy = await m.duplicate.mutateAsync();
      toast.success('Task duplicated');
      onOpen?.(copy._id);
    } catch (e) {
      toast.error(isApiError(e) && e.message ? e.message : 'The task could not be duplicated. Please try again.');
    }
  };

  const remove = async () => {
    try {
      await m.remove.mutateAsync();
      toast.success('Task deleted');
      setConfirmDelete(false);
      onClose();
    } catch (e) {
      toast.error(isApiError(e) && e.message ? e.message : 'The task could not be deleted. Please try again.');
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={700} fz="lg" data-testid="task-drawer-title" style={{ wordBreak: 'break-word' }}>
            {task.title}
          </Text>
          <Group gap={6}>
            <TaskStatusBadge status={task.status} />
            <TaskPriorityBadge priority={task.priority} />
            {task.project && (
              <Badge size="sm" variant="outline" color="gray" tt="none">
                <Anchor component={Link} to={`/projects/${task.project._id}/tasks`} size="xs" inherit>
                  {task.project.title}
                </Anchor>
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            Created {formatWhen(task.createdAt)} · updated {formatWhen(task.updatedAt)}
          </Text>
        </Stack>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="default" aria-label="Task actions">
              <IconDotsVertical size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconCopy size={14} />} onClick={() => void duplicate()}>
              Duplicate
            </Menu.Item>
            <Menu.Item
              leftSection={<IconTrash size={14} />}
              color="var(--mantine-color-error)"
              onClick={() => setConfirmDelete(true)}
            >
              Delete
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>

      <form onSubmit={save} noValidate>
        <Stack gap="sm">
          <TaskFields form={form} task={task} withProject={false} />
          {form.isDirty() && (
            <Group justify="flex-end">
              <Button variant="default" size="xs" onClick={() => form.reset()} disabled={m.update.isPending}>
                Discard
              </Button>
              <Button type="submit" size="xs" loading={m.update.isPending}>
                Save changes
              </Button>
            </Group>
          )}
        </Stack>
      </form>

      <SearchableSelect
        label="Project"
        placeholder="No project"
        data={projectOptions.options}
        value={task.projectId}
        onChange={(v) => void moveTo(v)}
        disabled={m.moveToProject.isPending}
        description="Moving a task takes it, its comments and files to the other project."
      />

      <Divider />
      <Tabs defaultValue="comments" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="comments">Comments ({task.comments.length})</Tabs.Tab>
          <Tabs.Tab value="attachments">Attachments ({task.attachments.length})</Tabs.Tab>
          <Tabs.Tab value="history">History</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="comments" pt="md">
          <TaskComments comments={task.comments} mutations={m} />
        </Tabs.Panel>
        <Tabs.Panel value="attachments" pt="md">
          <TaskAttachments taskId={task._id} files={task.attachments} mutations={m} />
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          <TaskHistory history={task.history} />
        </Tabs.Panel>
      </Tabs>

      <DeleteConfirmDialog
        opened={confirmDelete}
        title="Delete task"
        message={TASK_MESSAGES.deleteConfirm}
        loading={m.remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => void remove()}
      />
    </Stack>
  );
}
