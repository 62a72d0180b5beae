import { useState } from 'react';
import { fieldErrorsOf, isApiError } from '@atrium/api-client';
import { toast } from '@atrium/event-bus';
import {
  ActionIcon,
  Anchor,
  Button,
  DeleteConfirmDialog,
  Group,
  IconPlus,
  IconTrash,
  Link,
  PageSkeleton,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  LoadError,
} from '@atrium/ui';
import {
  TASK_MESSAGES,
  taskInputSchema,
  type Task,
  type TaskPriority,
  type TaskStatus,
  type TaskUpdate,
} from '@atrium/domain-work';
import { TaskDueDate } from '../task-badges';
import { TaskDrawer } from '../task-drawer';
import { PRIORITY_OPTIONS, STATUS_OPTIONS } from '../task-fields';
import { useProjectTaskMutations, useProjectTasks } from './use-project-tasks';

/**
 * A project's tasks (the project page's tasks tab): add one inline by its title, change status and priority in
 * place, delete with confirmation, open one in the task drawer (comments, files, history).
 */
export function ProjectTasksPanel({ projectId }: { projectId: string }) {
  const q = useProjectTasks(projectId);
  const m = useProjectTaskMutations(projectId);
  const [title, setTitle] = useState('');
  const [titleError, setTitleError] = useState<string | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Task | null>(null);

  const add = async () => {
    const parsed = taskInputSchema.safeParse({ title, projectId });
    if (!parsed.success) {
      setTitleError(parsed.error.issues[0]?.message ?? TASK_MESSAGES.titleRequired);
      return;
    }
    try {
      await m.add.mutateAsync({ title: title.trim(), projectId });
      setTitle('');
      setTitleError(null);
      toast.success(TASK_MESSAGES.created);
    } catch (e) {
      setTitleError(fieldErrorsOf(e)?.title ?? null);
      toast.error(TASK_MESSAGES.createFailed);
    }
  };

  const change = async (task: Task, input: TaskUpdate) => {
    try {
      await m.update.mutateAsync({ taskId: task._id, input });
    } catch (e) {
      toast.error(isApiError(e) && e.message ? e.message : TASK_MESSAGES.updateFailed);
    }
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      await m.remove.mutateAsync(deleting._id);
      toast.success('Task deleted');
      setDeleting(null);
    } catch (e) {
      toast.error(isApiError(e) && e.message ? e.message : 'The task could not be deleted. Please try again.');
    }
  };

  const rows = q.data?.data.tasks ?? [];
  const total = q.data?.data.pagination.total ?? 0;

  return (
    <Stack gap="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
        noValidate
      >
        <Group align="flex-start" gap="xs">
          <TextInput
            aria-label="New task title"
            placeholder="Add a task to this project…"
            value={title}
            error={titleError}
            onChange={(e) => {
              setTitle(e.currentTarget.value);
              if (titleError) setTitleError(null);
            }}
            style={{ flex: 1 }}
          />
          <Button type="submit" leftSection={<IconPlus size={14} />} loading={m.add.isPending}>
            Add task
          </Button>
        </Group>
      </form>
      <Paper withBorder radius="md" p="sm">
        {q.isPending ? (
          <PageSkeleton rows={4} />
        ) : q.isError ? (
          <LoadError
            title="Tasks could not be loaded"
            message={TASK_MESSAGES.fetchProjectFailed(q.error.message)}
            onRetry={() => void q.refetch()}
          />
        ) : rows.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            No tasks in this project yet. Add the first one above.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="xs" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Title</Table.Th>
                  <Table.Th w={170}>Status</Table.Th>
                  <Table.Th w={140}>Priority</Table.Th>
                  <Table.Th w={140}>Due date</Table.Th>
                  <Table.Th w={48} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((t) => (
                  <Table.Tr key={t._id} data-testid="project-task-row">
                    <Table.Td>
                      <Anchor component="button" type="button" fz="sm" onClick={() => setOpenId(t._id)}>
                        {t.title}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Select
                        size="xs"
                        aria-label={`Status of ${t.title}`}
                        data={STATUS_OPTIONS}
                        value={t.status}
                        allowDeselect={false}
                        onChange={(v) => v && v !== t.status && void change(t, { status: v as TaskStatus })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Select
                        size="xs"
                        aria-label={`Priority of ${t.title}`}
                        data={PRIORITY_OPTIONS}
                        value={t.priority}
                        allowDeselect={false}
                        onChange={(v) => v && v !== t.priority && void change(t, { priority: v as TaskPriority })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TaskDueDate task={t} />
                    </Table.Td>
                    <Table.Td>
                      <Tooltip label="Delete task">
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={`Delete ${t.title}`}
                          onClick={() => setDeleting(t)}
                        >
                          <IconTrash size={14} />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      {total > rows.length && (
        <Anchor component={Link} to={`/tasks?projectId=${encodeURIComponent(projectId)}`} size="sm">
          All {total} tasks of this project →
        </Anchor>
      )}
      <TaskDrawer taskId={openId} onClose={() => setOpenId(null)} onOpen={setOpenId} />
      <DeleteConfirmDialog
        opened={!!deleting}
        title="Delete task"
        message={TASK_MESSAGES.deleteConfirm}
        loading={m.remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
      />
    </Stack>
  );
}
