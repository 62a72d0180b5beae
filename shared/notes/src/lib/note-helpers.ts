import {
  NOTES_PAGE_SIZE,
  noteContentText,
  type FilterGroupInput,
  type Note,
  type NoteCategory,
  type NoteEntityType,
  type NoteListEnvelope,
  type NoteListQuery,
  type NOTE_STATUSES,
} from '@atrium/contracts';

export type NoteStatus = (typeof NOTE_STATUSES)[number];

export const UNKNOWN_USER = 'Unknown User';
export const INVALID_DATE = 'Invalid date';

/** 'firstName lastName' of the author, or 'Unknown User' when the author is gone (docs/requirements.md §3). */
export function authorName(createdBy: Note['createdBy']): string {
  const name = [createdBy?.firstName, createdBy?.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || UNKNOWN_USER;
}

const DATE_FORMAT: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

/** A note date for display ('Nov 25, 2026, 10:43 PM'); anything unparsable shows 'Invalid date'. */
export function formatNoteDate(value: string | null | undefined, timeZone?: string): string {
  if (!value) return INVALID_DATE;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return INVALID_DATE;
  return new Intl.DateTimeFormat('en-US', { ...DATE_FORMAT, timeZone }).format(date);
}

/** Rich-text HTML with no visible text ('<p></p>', '<p> &nbsp;</p>') counts as blank. */
export function isBlankContent(html: string | null | undefined): boolean {
  return !html || noteContentText(html) === '';
}

const time = (value: string) => {
  const t = new Date(value).getTime();
  return Number.isNaN(t) ? -Infinity : t;
};

/** The list order (docs/requirements.md §4 "Note"): pinned first, then newest created first. */
export function compareNotes(a: Note, b: Note): number {
  if (a.isPinned !== b.isPinned) return a.isPinned ? -1 : 1;
  return time(b.createdAt) - time(a.createdAt) || (a._id < b._id ? 1 : a._id > b._id ? -1 : 0);
}

export function sortNotes(list: readonly Note[]): Note[] {
  return [...list].sort(compareNotes);
}

/** The status filter as the API's filter groups: one value → eq, several → in (docs/requirements.md §7). */
export function statusFilters(statuses: readonly NoteStatus[]): FilterGroupInput[] | undefined {
  const unique = [...new Set(statuses)];
  if (unique.length === 0) return undefined;
  const condition =
    unique.length === 1
      ? { field: 'status', operator: 'eq' as const, value: unique[0] }
      : { field: 'status', operator: 'in' as const, value: unique };
  return [{ logic: 'AND', conditions: [condition] }];
}

export interface NoteListView {
  search?: string;
  category?: NoteCategory | null;
  statuses?: readonly NoteStatus[];
}

/** The GET /notes query of a panel view and page. */
export function buildListQuery(
  entityType: NoteEntityType,
  entityId: string,
  view: NoteListView,
  page: number,
  limit: number = NOTES_PAGE_SIZE,
): NoteListQuery {
  const search = view.search?.trim();
  return {
    entityType,
    entityId,
    page,
    limit,
    ...(search ? { search } : {}),
    ...(view.category ? { category: view.category } : {}),
    ...(view.statuses?.length ? { filters: statusFilters(view.statuses) } : {}),
  };
}

export const showingLabel = (shown: number, total: number) => `Showing ${shown} of ${total} notes`;
export const pageLabel = (page: number, totalPages: number) => `Page ${page} of ${totalPages}`;
export const viewAllLabel = (total: number) => `View all ${total} notes`;

// ---------------------------------------------------------------------------------------------------------
// The query cache: pages of GET /notes answers. Changes keep the server's order and every page's meta true.

export interface NotePages<P = unknown> {
  pages: NoteListEnvelope[];
  pageParams: P[];
}

function rebuild<T extends NotePages>(data: T, list: Note[], delta: number): T {
  let start = 0;
  const last = data.pages.length - 1;
  const pages = data.pages.map((page, i) => {
    // Every page keeps its length; the last takes what is left, at most a page (the rest is the next page's).
    const size = i === last ? Math.min(list.length - start, page.meta.limit) : page.data.length;
    const chunk = list.slice(start, start + size);
    start += size;
    return { ...page, data: chunk };
  });
  return bumpTotal({ ...data, pages }, delta);
}

export const flattenPages = (data: NotePages | undefined): Note[] => data?.pages.flatMap((p) => p.data) ?? [];

/** A note changed (edit, pin): replaced where it is, then the loaded notes re-sorted. */
export function replaceNote<T extends NotePages>(data: T, note: Note): T {
  const list = flattenPages(data);
  if (!list.some((n) => n._id === note._id)) return data;
  return rebuild(data, sortNotes(list.map((n) => (n._id === note._id ? note : n))), 0);
}

/** A note created: counted, and placed in order when the loaded notes start at the first page. */
export function insertNote<T extends NotePages>(data: T, note: Note): T {
  const list = flattenPages(data).filter((n) => n._id !== note._id);
  if (data.pageParams[0] !== undefined && data.pageParams[0] !== 1) return bumpTotal(data, 1);
  return rebuild(data, sortNotes([note, ...list]), 1);
}

/** A note deleted: dropped and uncounted. */
export function removeNote<T extends NotePages>(data: T, id: string): T {
  const list = flattenPages(data);
  if (!list.some((n) => n._id === id)) return data;
  return rebuild(
    data,
    list.filter((n) => n._id !== id),
    -1,
  );
}

function bumpTotal<T extends NotePages>(data: T, delta: number): T {
  return {
    ...data,
    pages: data.pages.map((p) => {
      const total = Math.max(0, p.meta.total + delta);
      return { ...p, meta: { ...p.meta, total, totalPages: Math.max(1, Math.ceil(total / p.meta.limit)) } };
    }),
  };
}

/** 'follow-up' → 'Follow-up'. */
export function categoryLabel(category: string): string {
  return category ? category[0]!.toUpperCase() + category.slice(1) : category;
}
