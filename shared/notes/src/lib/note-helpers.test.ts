import { envelope, makeNote } from '../test-utils';
import {
  authorName,
  buildListQuery,
  categoryLabel,
  formatNoteDate,
  insertNote,
  isBlankContent,
  pageLabel,
  removeNote,
  replaceNote,
  showingLabel,
  sortNotes,
  statusFilters,
  viewAllLabel,
} from './note-helpers';

describe('display helpers', () => {
  it("names the author 'firstName lastName', or 'Unknown User'", () => {
    expect(authorName({ _id: 'u', firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(authorName({ _id: 'u', firstName: 'Ada', lastName: ' ' })).toBe('Ada');
    expect(authorName(null)).toBe('Unknown User');
    expect(authorName({ _id: 'u', firstName: '', lastName: '' })).toBe('Unknown User');
  });

  it("formats dates and shows 'Invalid date' for anything unparsable", () => {
    expect(formatNoteDate('2026-11-25T22:43:00.000Z', 'UTC')).toBe('Nov 25, 2026, 10:43 PM');
    expect(formatNoteDate('not a date')).toBe('Invalid date');
    expect(formatNoteDate('')).toBe('Invalid date');
    expect(formatNoteDate(null)).toBe('Invalid date');
  });

  it('treats HTML without visible text as blank content', () => {
    for (const html of ['', '<p></p>', '<p> &nbsp; </p>', '<p><br></p>', '<h1>  </h1><ul><li></li></ul>'])
      expect(isBlankContent(html)).toBe(true);
    expect(isBlankContent('<p>x</p>')).toBe(false);
  });

  it('says the spec texts', () => {
    expect(showingLabel(10, 23)).toBe('Showing 10 of 23 notes');
    expect(pageLabel(2, 3)).toBe('Page 2 of 3');
    expect(viewAllLabel(7)).toBe('View all 7 notes');
    expect(categoryLabel('follow-up')).toBe('Follow-up');
  });
});

describe('list order and query', () => {
  it('sorts pinned first, then newest created first', () => {
    const old = makeNote({ _id: 'old', createdAt: '2026-01-01T00:00:00Z' });
    const recent = makeNote({ _id: 'recent', createdAt: '2026-06-01T00:00:00Z' });
    const pinnedOld = makeNote({ _id: 'pinnedOld', isPinned: true, createdAt: '2025-01-01T00:00:00Z' });
    const broken = makeNote({ _id: 'broken', createdAt: 'garbage' });
    expect(sortNotes([old, broken, recent, pinnedOld]).map((n) => n._id)).toEqual([
      'pinnedOld',
      'recent',
      'old',
      'broken',
    ]);
  });

  it('turns the status filter into a status condition: eq for one value, in for several', () => {
    expect(statusFilters([])).toBeUndefined();
    expect(statusFilters(['pinned'])).toEqual([
      { logic: 'AND', conditions: [{ field: 'status', operator: 'eq', value: 'pinned' }] },
    ]);
    expect(statusFilters(['pinned', 'unpinned'])).toEqual([
      { logic: 'AND', conditions: [{ field: 'status', operator: 'in', value: ['pinned', 'unpinned'] }] },
    ]);
  });

  it('builds the GET /notes query, leaving out what is not set', () => {
    expect(buildListQuery('contact', 'c1', { search: '  ', category: null, statuses: [] }, 1)).toEqual({
      entityType: 'contact',
      entityId: 'c1',
      page: 1,
      limit: 10,
    });
    expect(
      buildListQuery('contact', 'c1', { search: ' ada ', category: 'call', statuses: ['unpinned'] }, 3, 5),
    ).toEqual({
      entityType: 'contact',
      entityId: 'c1',
      page: 3,
      limit: 5,
      search: 'ada',
      category: 'call',
      filters: [{ logic: 'AND', conditions: [{ field: 'status', operator: 'eq', value: 'unpinned' }] }],
    });
  });
});

describe('cache updates', () => {
  const at = (day: number) => `2026-03-${String(day).padStart(2, '0')}T00:00:00Z`;
  // 12 notes over two loaded pages of 10 (server order: newest first).
  const all = Array.from({ length: 12 }, (_, i) => makeNote({ _id: `n${i}`, createdAt: at(20 - i) }));
  const data = () => ({
    pages: [envelope(all.slice(0, 10), 12, 1, 10), envelope(all.slice(10), 12, 2, 10)],
    pageParams: [1, 2],
  });
  const ids = (d: ReturnType<typeof data>) => d.pages.map((p) => p.data.map((n) => n._id));

  it('moves a note that becomes pinned to the top and keeps page lengths', () => {
    const pinned = { ...all[11]!, isPinned: true };
    const next = replaceNote(data(), pinned);
    expect(ids(next)[0]![0]).toBe('n11');
    expect(ids(next).map((p) => p.length)).toEqual([10, 2]);
    expect(next.pages[1]!.data.map((n) => n._id)).toEqual(['n9', 'n10']);
  });

  it('places a created note in order and counts it; the overflow goes to the next page', () => {
    const fresh = makeNote({ _id: 'fresh', createdAt: at(25) });
    const next = insertNote(data(), fresh);
    expect(ids(next)[0]![0]).toBe('fresh');
    expect(ids(next).map((p) => p.length)).toEqual([10, 3]);
    expect(next.pages.every((p) => p.meta.total === 13 && p.meta.totalPages === 2)).toBe(true);
    const single = insertNote({ pages: [envelope(all.slice(0, 10), 10, 1, 10)], pageParams: [1] }, fresh);
    expect(single.pages[0]!.data).toHaveLength(10);
    expect(single.pages[0]!.meta).toMatchObject({ total: 11, totalPages: 2 });
  });

  it('drops a deleted note and uncounts it', () => {
    const next = removeNote(data(), 'n3');
    expect(ids(next).flat()).not.toContain('n3');
    expect(ids(next).map((p) => p.length)).toEqual([10, 1]);
    expect(next.pages[0]!.meta.total).toBe(11);
  });
});
