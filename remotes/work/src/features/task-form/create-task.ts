import { TASK_MESSAGES, type Task, type TaskInput } from '@atrium/domain-work';
import { createWithFiles } from '../../lib/create-with-files';

export interface CreateTaskDeps {
  create: (input: TaskInput) => Promise<Task>;
  /** One call per file, so a partial failure can be counted. */
  upload: (taskId: string, files: File[]) => Promise<unknown>;
}

/** Files picked before creating: the slice's limits, checked before anything is sent (shared with meetings). */
export { checkPickedFiles } from '../../lib/create-with-files';

/**
 * Creates the task, then uploads the files picked with it, with the spec's toasts (§8): 'Task created
 * successfully'; with files 'Task created! Uploading N attachment(s)...', then 'Task created with N
 * attachment(s)!' or one of the two warnings (lib/create-with-files, which meetings share).
 */
export async function createTaskWithFiles(
  input: TaskInput,
  files: File[],
  deps: CreateTaskDeps,
  /** Called once the task exists (before the uploads finish): the modal closes and the page moves on. */
  onCreated?: (task: Task) => void,
): Promise<{ task: Task; uploaded: number; failed: number }> {
  const { record, uploaded, failed } = await createWithFiles(
    () => deps.create(input),
    files,
    (id, f) => deps.upload(id, [f]),
    TASK_MESSAGES,
    onCreated,
  );
  return { task: record, uploaded, failed };
}
