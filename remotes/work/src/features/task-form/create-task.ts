import { toast } from '@atrium/event-bus';
import {
  FILE_MAX_BYTES,
  FILE_MESSAGES,
  FILES_PER_UPLOAD,
  TASK_MESSAGES,
  type Task,
  type TaskInput,
} from '@atrium/domain-work';

export interface CreateTaskDeps {
  create: (input: TaskInput) => Promise<Task>;
  /** One call per file, so a partial failure can be counted. */
  upload: (taskId: string, files: File[]) => Promise<unknown>;
}

/** Files picked before creating: the limits of the slice, checked before anything is sent. */
export function checkPickedFiles(files: File[]): string | null {
  if (files.length > FILES_PER_UPLOAD) return FILE_MESSAGES.tooMany;
  if (files.some((f) => f.size > FILE_MAX_BYTES)) return FILE_MESSAGES.tooLarge;
  return null;
}

/**
 * Creates the task, then uploads the files picked with it, with the spec's toasts (§8): 'Task created
 * successfully'; with files 'Task created! Uploading N attachment(s)...', then 'Task created with N
 * attachment(s)!' or one of the two warnings. A failed create rethrows (the form shows the field messages and
 * 'Failed to create task. Please try again.'); a failed upload never undoes the task.
 */
export async function createTaskWithFiles(
  input: TaskInput,
  files: File[],
  deps: CreateTaskDeps,
  /** Called once the task exists (before the uploads finish): the modal closes and the page moves on. */
  onCreated?: (task: Task) => void,
): Promise<{ task: Task; uploaded: number; failed: number }> {
  const task = await deps.create(input);
  if (files.length === 0) {
    toast.success(TASK_MESSAGES.created);
    onCreated?.(task);
    return { task, uploaded: 0, failed: 0 };
  }
  toast.info(TASK_MESSAGES.uploading(files.length));
  onCreated?.(task);
  const results = await Promise.allSettled(files.map((f) => deps.upload(task._id, [f])));
  const uploaded = results.filter((r) => r.status === 'fulfilled').length;
  const failed = files.length - uploaded;
  if (failed === 0) toast.success(TASK_MESSAGES.uploaded(uploaded));
  else if (uploaded > 0) toast.warning(TASK_MESSAGES.partlyUploaded(uploaded, failed));
  else toast.warning(TASK_MESSAGES.uploadFailed(failed));
  return { task, uploaded, failed };
}
