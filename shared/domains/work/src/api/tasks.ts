import type { ApiClient } from '@atrium/api-client';
import type {
  KanbanTotals,
  Task,
  TaskColumnMove,
  TaskComment,
  TaskDetail,
  TaskInput,
  TaskListAnswer,
  TaskListParams,
  TaskUpdate,
} from '../schemas';
import { fileCalls } from './files';
import { exportSearchParams, listSearchParams } from './params';

const enc = encodeURIComponent;

/** Typed calls for tasks (docs/requirements.md §7 "Tasks"). */
export function tasksApi(client: ApiClient) {
  const base = (id: string) => `tasks/${enc(id)}`;
  const files = fileCalls(client, base);
  return {
    /** One page; the answer carries the list under data.tasks. */
    list: (params: TaskListParams = {}, options?: { signal?: AbortSignal }) =>
      client.get<TaskListAnswer>('tasks', listSearchParams(params), options),
    exportAll: async (params: TaskListParams = {}) =>
      (await client.get<TaskListAnswer>('tasks', exportSearchParams(params))).data.tasks,
    get: async (id: string) => (await client.get<{ data: TaskDetail }>(base(id))).data,
    /** POST /tasks (or POST /tasks?projectId= when the task belongs to a project). */
    create: async (input: TaskInput) =>
      (await client.post<{ data: Task }>(input.projectId ? `tasks?projectId=${enc(input.projectId)}` : 'tasks', input))
        .data,
    update: async (id: string, input: TaskUpdate) => (await client.patch<{ data: Task }>(base(id), input)).data,
    remove: async (id: string) => {
      await client.delete(base(id));
    },
    duplicate: async (id: string) => (await client.post<{ data: Task }>(`${base(id)}/duplicate`, {})).data,
    /** POST /tasks/{id}/move: into a project, or out of any (null). */
    moveToProject: async (id: string, projectId: string | null) =>
      (await client.post<{ data: Task }>(`${base(id)}/move`, { projectId })).data,
    /** PATCH /tasks/{id}/move: to a kanban column at a position. */
    moveColumn: async (id: string, move: TaskColumnMove) =>
      (await client.patch<{ data: Task }>(`${base(id)}/move`, move)).data,
    totals: async () => (await client.get<{ data: KanbanTotals }>('tasks/kanban/totals')).data,
    addComment: async (id: string, content: string) =>
      (await client.post<{ data: TaskComment }>(`${base(id)}/comments`, { content })).data,
    removeComment: async (id: string, commentId: string) => {
      await client.delete(`${base(id)}/comments/${enc(commentId)}`);
    },
    uploadFiles: (id: string, fileList: File[]) => files.uploadFiles(id, fileList),
    fileUrl: files.fileUrl,
    removeFile: files.removeFile,
  };
}
export type TasksApi = ReturnType<typeof tasksApi>;
