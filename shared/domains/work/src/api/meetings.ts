import type { ApiClient } from '@atrium/api-client';
import type {
  CalendarItem,
  CalendarItemMove,
  CalendarQuery,
  Meeting,
  MeetingAttachment,
  MeetingAttachmentContent,
  MeetingInput,
  MeetingRangeParams,
  MeetingUpdate,
} from '../schemas';

const enc = encodeURIComponent;

function rangeParams(params: MeetingRangeParams | CalendarQuery): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    out[key] = String(value);
  }
  return out;
}

/** Typed calls for meetings and the calendar (docs/requirements.md §7 "Meetings and calendar"). */
export function meetingsApi(client: ApiClient) {
  const base = (id: string) => `meetings/${enc(id)}`;
  return {
    /** GET /meetings: the meetings overlapping a range (with the caller's Google-only events when asked). */
    inRange: async (params: MeetingRangeParams, options?: { signal?: AbortSignal }) =>
      (await client.get<{ data: Meeting[] }>('meetings', rangeParams(params), options)).data,
    /** GET /meetings/contact/{id}: a contact's meetings (as an attendee), newest first. */
    ofContact: async (contactId: string) =>
      (await client.get<{ data: Meeting[] }>(`meetings/contact/${enc(contactId)}`)).data,
    /** GET /meetings/project/{id}: a project's meetings, soonest first (the project page). */
    ofProject: async (projectId: string) =>
      (await client.get<{ data: Meeting[] }>(`meetings/project/${enc(projectId)}`)).data,
    get: async (id: string) => (await client.get<{ data: Meeting }>(base(id))).data,
    create: async (input: MeetingInput) => (await client.post<{ data: Meeting }>('meetings', input)).data,
    update: async (id: string, input: MeetingUpdate) => (await client.put<{ data: Meeting }>(base(id), input)).data,
    remove: async (id: string) => {
      await client.delete(base(id));
    },
    linkProject: async (id: string, projectId: string) =>
      (await client.post<{ data: Meeting }>(`${base(id)}/project`, { projectId })).data,
    unlinkProject: async (id: string) => (await client.delete<{ data: Meeting }>(`${base(id)}/project`)).data,
    /** POST /meetings/{id}/attachments: one file per call (multipart field `file`). */
    uploadAttachment: async (id: string, file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return (await client.upload<{ data: MeetingAttachment }>(`${base(id)}/attachments`, form)).data;
    },
    attachment: async (id: string, attachmentId: string) =>
      (await client.get<{ data: MeetingAttachmentContent }>(`${base(id)}/attachments/${enc(attachmentId)}`)).data,
    removeAttachment: async (id: string, attachmentId: string) => {
      await client.delete(`${base(id)}/attachments/${enc(attachmentId)}`);
    },
  };
}
export type MeetingsApi = ReturnType<typeof meetingsApi>;

/** Typed calls of the calendar view (GET /calendar/meetings, /calendar/items, /calendar/meetings/{id}). */
export function calendarApi(client: ApiClient) {
  return {
    items: async (query: CalendarQuery, options?: { signal?: AbortSignal }) =>
      (await client.get<{ data: CalendarItem[] }>('calendar/meetings', rangeParams(query), options)).data,
    createMeeting: async (input: MeetingInput) =>
      (await client.post<{ data: Meeting }>('calendar/meetings', input)).data,
    updateMeeting: async (id: string, input: MeetingUpdate) =>
      (await client.patch<{ data: Meeting }>(`calendar/meetings/${enc(id)}`, input)).data,
    removeMeeting: async (id: string) => {
      await client.delete(`calendar/meetings/${enc(id)}`);
    },
    /** A drag or resize of any item (meeting, task or project). */
    moveItem: async (id: string, move: CalendarItemMove) =>
      (await client.patch<{ data: CalendarItem }>(`calendar/items/${enc(id)}`, move)).data,
    createItem: async (input: MeetingInput) =>
      (await client.post<{ data: CalendarItem }>('calendar/items', input)).data,
    removeItem: async (id: string) => {
      await client.delete(`calendar/items/${enc(id)}`);
    },
  };
}
export type CalendarApi = ReturnType<typeof calendarApi>;
