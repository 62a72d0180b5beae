import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { fieldErrorsOf, isApiError } from '@atrium/api-client';
import { bus, toast } from '@atrium/event-bus';
import { Button, DraggableModal, Group, Stack, schemaResolver, useForm } from '@atrium/ui';
import { projectKeys, taskInputSchema, TASK_MESSAGES, taskKeys, tasks, type Task } from '@atrium/domain-work';
import { TaskFields } from '../../components/task-fields';
import { toFormValues, toInput, toUpdate, type TaskFormValues } from '../../lib/task-form-values';
import { PickedFiles } from '../../components/picked-files';
import { createTaskWithFiles } from './create-task';

/**
 * '+ New' → Task (spec §2, §8): a draggable modal (modal id 'task') with the task's fields and attachments picked
 * before creating; the same zod schema as the server validates it. Created → /tasks. With `task` it edits that
 * task instead (no attachments here: the drawer has them).
 */
export function TaskModal({
  task,
  projectId,
  onClose,
}: {
  task?: Task | null;
  projectId?: string | null;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const formId = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const form = useForm<TaskFormValues>({
    initialValues: toFormValues(task, projectId),
    validate: schemaResolver(taskInputSchema, { sync: true }),
    validateInputOnBlur: true,
  });

  const refresh = (projectIds: (string | null | undefined)[]) => {
    void client.invalidateQueries({ queryKey: taskKeys.all });
    if (projectIds.some(Boolean)) void client.invalidateQueries({ queryKey: projectKeys.all });
  };

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      if (task) {
        await tasks.update(task._id, toUpdate(values));
        toast.success('Task updated');
        refresh([task.projectId]);
        onClose();
        return;
      }
      const input = toInput(values);
      await createTaskWithFiles(
        input,
        files,
        { create: (i) => tasks.create(i), upload: (id, f) => tasks.uploadFiles(id, f) },
        () => {
          refresh([input.projectId]);
          onClose();
          bus.emit('navigate', { to: '/tasks' });
        },
      );
      // The uploads changed the task's attachment count.
      if (files.length) refresh([input.projectId]);
    } catch (e) {
      const fields = fieldErrorsOf(e);
      if (fields) form.setErrors(fields);
      if (task) toast.error(isApiError(e) && e.message ? e.message : TASK_MESSAGES.updateFailed);
      else toast.error(TASK_MESSAGES.createFailed);
    } finally {
      setBusy(false);
    }
  });

  return (
    <DraggableModal
      modalId="task"
      opened
      onClose={onClose}
      title={task ? 'Edit task' : 'New task'}
      size="lg"
      closeOnClickOutside={!busy}
    >
      <form id={formId} onSubmit={submit} noValidate>
        <Stack gap="md">
          <TaskFields form={form} task={task} />
          {!task && (
            <PickedFiles
              files={files}
              onChange={setFiles}
              hint="Attach files now; they upload once the task is created."
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {task ? 'Save changes' : 'Create task'}
            </Button>
          </Group>
        </Stack>
      </form>
    </DraggableModal>
  );
}
