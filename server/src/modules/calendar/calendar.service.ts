import {
  CALENDAR_ITEM_TYPES,
  type CalendarItem,
  type CalendarItemMove,
  type CalendarItemType,
  type MeetingData,
  type ProjectUpdateData,
  type TaskUpdateData,
} from '@atrium/domain-work/schemas';
import type { BusinessCaller } from '../../lib/caller';
import type { DatedItemSource, DatedRow } from '../../lib/calendar';
import { wireDate, type MeetingsService } from '../meetings/meetings.service';

/** The dates of a task or project as its service answers them (ISO text or null). */
interface Dated {
  _id: string;
  title: string;
  description: string | null;
  startDate: string | null;
  dueDate: string | null;
  isAllDay: boolean;
}

/** What the calendar uses of the tasks module (TasksService): its dated tasks, one task, a change of dates. */
export interface CalendarTasks extends DatedItemSource {
  get(caller: BusinessCaller, id: string): Promise<Dated & { status: string; projectId: string | null }>;
  update(
    caller: BusinessCaller,
    id: string,
    input: TaskUpdateData,
  ): Promise<Dated & { status: string; projectId: string | null }>;
}

/** What the calendar uses of the projects module (ProjectsService). */
export interface CalendarProjects extends DatedItemSource {
  get(caller: BusinessCaller, id: string): Promise<Dated & { stage: string }>;
  update(caller: BusinessCaller, id: string, input: ProjectUpdateData): Promise<Dated & { stage: string }>;
}

export interface CalendarDeps {
  meetings: MeetingsService;
  tasks: CalendarTasks;
  projects: CalendarProjects;
}

/** The most tasks, and the most projects, one calendar answer holds (the earliest first). */
export const CALENDAR_DATED_LIMIT = 2_000;

export interface CalendarRange {
  from: Date;
  to: Date;
  types: CalendarItemType[];
  status?: string;
  search?: string;
  includeGoogleCalendar: boolean;
}

/** A task's or project's dates as a calendar item: from its start (or due) to its due date (or start). */
function datedItem(type: 'task' | 'project', row: DatedRow): CalendarItem {
  const start = (row.startDate ?? row.dueDate)!;
  const end = (row.dueDate ?? row.startDate)!;
  return {
    _id: row.id,
    type,
    title: row.title,
    description: row.description,
    startDate: wireDate(start, row.isAllDay),
    endDate: wireDate(end, row.isAllDay),
    isAllDay: row.isAllDay,
    status: row.status,
    source: 'atrium',
    googleCalendarEventId: null,
    isReadOnly: false,
    projectId: row.projectId,
    attendees: [],
  };
}

const dateOrNull = (text: string | null) => (text === null ? null : new Date(text));
const rowOf = (d: Dated, status: string, projectId: string | null): DatedRow => ({
  id: d._id,
  title: d.title,
  description: d.description,
  status,
  startDate: dateOrNull(d.startDate),
  dueDate: dateOrNull(d.dueDate),
  isAllDay: d.isAllDay,
  projectId,
});

/** Whether two wire dates name the same moment (a one-date item moved whole). */
const sameMoment = (a: string, b: string) => Date.parse(a) === Date.parse(b);

/**
 * The calendar (spec §3 Calendar item, §7 "/calendar"): meetings (the meetings module), tasks and projects with
 * dates (through their services, lib/calendar.ts) as one list of items; drags and resizes go back through the
 * owning service, so tasks keep their date rule and history and projects their feed.
 */
export class CalendarService {
  constructor(private readonly deps: CalendarDeps) {}

  /** GET /calendar/meetings: the items overlapping the range, earliest first. */
  async items(caller: BusinessCaller, range: CalendarRange): Promise<CalendarItem[]> {
    const wanted = new Set<CalendarItemType>(range.types.length > 0 ? range.types : CALENDAR_ITEM_TYPES);
    const dated = { from: range.from, to: range.to, status: range.status, search: range.search };
    const [meetings, tasks, projects] = await Promise.all([
      wanted.has('meeting')
        ? this.deps.meetings.rangeItems(caller, { ...dated, includeGoogleCalendar: range.includeGoogleCalendar })
        : [],
      wanted.has('task')
        ? this.deps.tasks.inDateRange(caller.businessId, { ...dated, limit: CALENDAR_DATED_LIMIT })
        : [],
      wanted.has('project')
        ? this.deps.projects.inDateRange(caller.businessId, { ...dated, limit: CALENDAR_DATED_LIMIT })
        : [],
    ]);
    const keyed: { at: number; item: CalendarItem }[] = [
      ...meetings,
      ...tasks.map((t) => ({ at: (t.startDate ?? t.dueDate)!.getTime(), item: datedItem('task', t) })),
      ...projects.map((p) => ({ at: (p.startDate ?? p.dueDate)!.getTime(), item: datedItem('project', p) })),
    ];
    keyed.sort((a, b) => a.at - b.at);
    return keyed.map((k) => k.item);
  }

  /** POST /calendar/items: a new meeting, answered as a calendar item. */
  async createItem(caller: BusinessCaller, input: MeetingData): Promise<CalendarItem> {
    const id = await this.deps.meetings.createRow(caller, input);
    return this.deps.meetings.item(caller, id);
  }

  /**
   * PATCH /calendar/items/{id}: a drag or resize. A meeting gets the new start and end; a task or project its
   * start and due date — only the one it had when it had one date and was moved whole.
   */
  async moveItem(
    caller: BusinessCaller,
    id: string,
    move: CalendarItemMove & { type: CalendarItemType },
  ): Promise<CalendarItem> {
    const allDay = move.isAllDay === undefined ? {} : { isAllDay: move.isAllDay };
    if (move.type === 'meeting') {
      await this.deps.meetings.updateRow(caller, id, { startDate: move.startDate, endDate: move.endDate, ...allDay });
      return this.deps.meetings.item(caller, id);
    }
    const service = move.type === 'task' ? this.deps.tasks : this.deps.projects;
    const current = await service.get(caller, id);
    const dates: { startDate?: string; dueDate?: string } = { startDate: move.startDate, dueDate: move.endDate };
    if (sameMoment(move.startDate, move.endDate)) {
      if (current.startDate !== null && current.dueDate === null) delete dates.dueDate;
      else if (current.startDate === null && current.dueDate !== null) delete dates.startDate;
    }
    if (move.type === 'task') {
      const task = await this.deps.tasks.update(caller, id, { ...dates, ...allDay } as TaskUpdateData);
      return datedItem('task', rowOf(task, task.status, task.projectId));
    }
    const project = await this.deps.projects.update(caller, id, { ...dates, ...allDay } as ProjectUpdateData);
    return datedItem('project', rowOf(project, project.stage, project._id));
  }
}
