import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ListEnvelope } from '@atrium/contracts';
import { UiProvider } from '@atrium/ui';
import type { CalendarItem, Meeting, Project, Task, TaskListAnswer, WorkFile } from '@atrium/domain-work';
import { contacts } from '@atrium/domain-crm/public';

/** A complete project as the API answers it; `i` varies the id and title. */
export function makeProject(i: number, over: Partial<Project> = {}): Project {
  return {
    _id: `p${i}`,
    title: `Project ${i}`,
    description: null,
    stage: 'planning',
    type: 'Wedding',
    startDate: null,
    dueDate: null,
    isAllDay: true,
    location: null,
    address: null,
    contacts: [],
    boardOrder: i * 1024,
    taskCount: 0,
    attachmentCount: 0,
    createdBy: { _id: 'u1', name: 'Ann Owner' },
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...over,
  };
}

/** A complete task as the API answers it. */
export function makeTask(i: number, over: Partial<Task> = {}): Task {
  return {
    _id: `t${i}`,
    title: `Task ${i}`,
    description: null,
    status: 'todo',
    priority: 'regular',
    startDate: null,
    dueDate: null,
    isAllDay: true,
    projectId: null,
    project: null,
    userId: 'u1',
    contactIds: [],
    sortOrder: i * 1024,
    commentCount: 0,
    attachmentCount: 0,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...over,
  };
}

/** A complete meeting as the API answers it: a timed hour on 2026-11-20 (UTC). */
export function makeMeeting(i: number, over: Partial<Meeting> = {}): Meeting {
  return {
    _id: `m${i}`,
    title: `Meeting ${i}`,
    description: null,
    startDate: '2026-11-20T14:00:00.000Z',
    endDate: '2026-11-20T15:00:00.000Z',
    isAllDay: false,
    location: null,
    organizer: { _id: 'u1', name: 'Ann Owner', email: 'ann@example.com', firstName: 'Ann', lastName: 'Owner' },
    attendees: [],
    status: 'scheduled',
    type: 'meeting',
    meetingLink: null,
    notes: null,
    projectId: null,
    project: null,
    isVirtual: false,
    attachments: [],
    syncToGoogleCalendar: false,
    syncedToGoogleCalendar: false,
    googleCalendarEventId: null,
    googleCalendarUrl: null,
    source: 'atrium',
    isReadOnly: false,
    userId: 'u1',
    businessId: 'b1',
    createdAt: '2026-11-19T10:00:00.000Z',
    updatedAt: '2026-11-19T10:00:00.000Z',
    ...over,
  };
}

/** A calendar item (GET /calendar/meetings): a meeting unless said otherwise. */
export function makeCalendarItem(i: number, over: Partial<CalendarItem> = {}): CalendarItem {
  return {
    _id: `m${i}`,
    type: 'meeting',
    title: `Item ${i}`,
    description: null,
    startDate: '2026-11-20T14:00:00.000Z',
    endDate: '2026-11-20T15:00:00.000Z',
    isAllDay: false,
    status: 'scheduled',
    source: 'atrium',
    googleCalendarEventId: null,
    isReadOnly: false,
    projectId: null,
    attendees: [],
    ...over,
  };
}

export function makeFile(i: number, over: Partial<WorkFile> = {}): WorkFile {
  return {
    _id: `f${i}`,
    name: `file-${i}.png`,
    url: `/api/projects/p1/attachments/f${i}`,
    type: 'image/png',
    size: 2048,
    kind: 'attachment',
    uploadedBy: { _id: 'u1', name: 'Ann Owner' },
    createdAt: '2026-11-20T10:00:00.000Z',
    ...over,
  };
}

export const envelope = <T,>(rows: T[], total = rows.length, page = 1, limit = 20): ListEnvelope<T> => ({
  success: true,
  data: rows,
  pagination: { total, page, limit, totalPages: Math.max(1, Math.ceil(total / limit)) },
});

/** The contact pickers' GET /contacts answers an empty page (limit 100). */
export const mockNoContacts = () => jest.spyOn(contacts, 'list').mockResolvedValue(envelope([], 0, 1, 100) as never);

/** GET /tasks answers its list under data.tasks. */
export const taskAnswer = (rows: Task[], total = rows.length, page = 1, limit = 20): TaskListAnswer => ({
  success: true,
  data: { tasks: rows, pagination: { total, page, limit, totalPages: Math.max(1, Math.ceil(total / limit)) } },
});

/**
 * UI provider (test mode), a fresh query client without retries and, when a path is given, a memory router;
 * with `route` the node is mounted on that pattern (so useParams sees its parameters).
 */
export function renderWithProviders(node: ReactNode, path?: string, route?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const routed = route ? (
    <Routes>
      <Route path={route} element={node} />
      <Route path="*" element={<div data-testid="elsewhere" />} />
    </Routes>
  ) : (
    node
  );
  return {
    client,
    ...render(
      <UiProvider env="test">
        <QueryClientProvider client={client}>
          {path ? <MemoryRouter initialEntries={[path]}>{routed}</MemoryRouter> : node}
        </QueryClientProvider>
      </UiProvider>,
    ),
  };
}
