import type { ListEnvelope } from '@atrium/contracts';
import type { ApiClient } from '@atrium/api-client';
import type {
  Activity,
  ActivityInput,
  FileKind,
  Project,
  ProjectBulkTypes,
  ProjectDetail,
  ProjectInput,
  ProjectListParams,
  ProjectStageMove,
  ProjectType,
  ProjectUpdate,
  Task,
  TaskInput,
  TaskUpdate,
} from '../schemas';
import { fileCalls } from './files';
import { exportSearchParams, listSearchParams } from './params';

const enc = encodeURIComponent;

/** Typed calls for projects (docs/requirements.md §7 "Projects"). */
export function projectsApi(client: ApiClient) {
  const base = (id: string) => `projects/${enc(id)}`;
  const files = fileCalls(client, base);
  return {
    /** One page; `signal` lets a caller (the global search) abandon it. */
    list: (params: ProjectListParams = {}, options?: { signal?: AbortSignal }) =>
      client.get<ListEnvelope<Project>>('projects', listSearchParams(params), options),
    /** Every match (export=true), for CSV export. */
    exportAll: async (params: ProjectListParams = {}) =>
      (await client.get<ListEnvelope<Project>>('projects', exportSearchParams(params))).data,
    get: async (id: string) => (await client.get<{ data: ProjectDetail }>(base(id))).data,
    create: async (input: ProjectInput) => (await client.post<{ data: Project }>('projects', input)).data,
    update: async (id: string, input: ProjectUpdate) => (await client.patch<{ data: Project }>(base(id), input)).data,
    remove: async (id: string) => {
      await client.delete(base(id));
    },
    moveStage: async (id: string, move: ProjectStageMove) =>
      (await client.patch<{ data: Project }>(`${base(id)}/stage`, move)).data,
    bulkUpdateTypes: async (body: ProjectBulkTypes) =>
      (await client.patch<{ data: { totalModified: number } }>('projects/bulk-update-types', body)).data.totalModified,
    duplicate: async (id: string) => (await client.post<{ data: Project }>(`${base(id)}/duplicate`, {})).data,
    types: async () => (await client.get<{ data: ProjectType[] }>('projects/types')).data,
    /** One page of the feed, newest first; `before` pages back from the oldest entry shown. */
    feed: (id: string, before?: string) =>
      client.get<{ data: Activity[]; hasMore: boolean }>(`${base(id)}/feed`, before ? { before } : undefined),
    addActivity: async (id: string, input: ActivityInput) =>
      (await client.post<{ data: Activity }>(`${base(id)}/activities`, input)).data,
    addContacts: async (id: string, contactIds: string[]) =>
      (await client.post<{ data: Project }>(`${base(id)}/contacts/add`, { contactIds })).data,
    addTask: async (id: string, input: TaskInput) =>
      (await client.post<{ data: Task }>(`${base(id)}/tasks`, input)).data,
    updateTask: async (id: string, taskId: string, input: TaskUpdate) =>
      (await client.patch<{ data: Task }>(`${base(id)}/tasks/${enc(taskId)}`, input)).data,
    removeTask: async (id: string, taskId: string) => {
      await client.delete(`${base(id)}/tasks/${enc(taskId)}`);
    },
    /** Multipart upload of one or more files of one kind. */
    uploadFiles: (id: string, fileList: File[], kind: FileKind = 'attachment') =>
      files.uploadFiles(id, fileList, { kind }),
    fileUrl: files.fileUrl,
    removeFile: files.removeFile,
    /** A contact's projects (GET /contacts/{id}/projects) and the links (POST, DELETE). */
    ofContact: async (contactId: string) =>
      (await client.get<{ data: Project[] }>(`contacts/${enc(contactId)}/projects`)).data,
    linkContact: async (contactId: string, projectId: string) => {
      await client.post(`contacts/${enc(contactId)}/projects`, { projectId });
    },
    unlinkContact: async (contactId: string, projectId: string) => {
      await client.delete(`contacts/${enc(contactId)}/projects/${enc(projectId)}`);
    },
  };
}
export type ProjectsApi = ReturnType<typeof projectsApi>;
