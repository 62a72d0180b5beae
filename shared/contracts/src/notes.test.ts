import { toFieldErrors } from './errors';
import { noteContentText, noteInputSchema, noteListQuerySchema, noteUpdateSchema } from './notes';

describe('notes', () => {
  it('extracts plain text from editor HTML', () => {
    expect(noteContentText('<h1>Call</h1><p>Ben &amp; Jerry&#39;s<br>at&nbsp;3</p><ul><li>a</li><li>b</li></ul>')).toBe(
      "Call Ben & Jerry's at 3 a b",
    );
    expect(noteContentText('<p> </p><p><br></p>')).toBe('');
    expect(noteContentText('<script>alert(1)</script>')).toBe('');
  });

  it('needs non-blank content; defaults category general, unpinned, no tags', () => {
    const r = noteInputSchema.safeParse({ content: '<p>&nbsp;</p>', entityType: 'contact', entityId: 'c1' });
    expect(toFieldErrors(r.error!)).toEqual([{ field: 'content', message: 'Note content is required' }]);
    expect(
      noteInputSchema.parse({
        content: '<p>Hi</p>',
        entityType: 'contact',
        entityId: 'c1',
        tags: ['#vip', 'vip', ' '],
      }),
    ).toEqual({
      title: null,
      content: '<p>Hi</p>',
      entityType: 'contact',
      entityId: 'c1',
      category: 'general',
      priority: null,
      isPinned: false,
      tags: ['vip'],
    });
  });

  it('rejects unknown entity types and categories', () => {
    const r = noteInputSchema.safeParse({ content: 'x', entityType: 'invoice', entityId: 'c1', category: 'gossip' });
    expect(toFieldErrors(r.error!).map((e) => e.field)).toEqual(['entityType', 'category']);
    expect(noteUpdateSchema.safeParse({ content: '<p></p>' }).success).toBe(false);
    expect(noteUpdateSchema.parse({})).toEqual({});
  });

  it('list query: page size 10, pinned as a boolean, status filters', () => {
    const q = noteListQuerySchema.parse({
      entityType: 'contact',
      entityId: 'c1',
      pinned: 'true',
      filters: JSON.stringify([
        { logic: 'OR', conditions: [{ field: 'status', operator: 'in', value: ['pinned', 'unpinned'] }] },
      ]),
    });
    expect(q).toMatchObject({ page: 1, limit: 10, pinned: true });
    expect(q.filters).toEqual([
      {
        combinator: 'OR',
        conditions: [{ field: 'status', type: 'text', operator: 'in', value: ['pinned', 'unpinned'] }],
      },
    ]);
    expect(noteListQuerySchema.safeParse({ entityType: 'contact' }).success).toBe(false);
  });
});
