import { sql } from 'drizzle-orm';
import { noteListEnvelopeSchema, noteSchema, type Note } from '@atrium/contracts';
import { Agent, createTestApp, qs, signedInAgent, type TestApp } from '../../../test/helpers';
import { sanitizeNoteHtml } from './note-html';

const list = noteListEnvelopeSchema.strict();

describe('note HTML sanitising', () => {
  test.each([
    ['<p>Hi <strong>there</strong></p>', '<p>Hi <strong>there</strong></p>'],
    ['<h1>a</h1><h2>b</h2><h3>c</h3><h4>d</h4>', '<h1>a</h1><h2>b</h2><h3>c</h3>d'],
    [
      '<ul><li><em>x</em></li></ul><ol><li><u>y</u> <s>z</s></li></ol>',
      '<ul><li><em>x</em></li></ul><ol><li><u>y</u> <s>z</s></li></ol>',
    ],
    ['<p>a<br>b</p>', '<p>a<br />b</p>'],
    ['<p>x</p><script>alert(1)</script>', '<p>x</p>'],
    ['<p onclick="steal()" style="color:red" class="c">x</p>', '<p>x</p>'],
    ['<iframe src="https://evil.example">fallback</iframe><p>x</p>', '<p>x</p>'],
    ['<img src=x onerror="alert(1)"><p>x</p>', '<p>x</p>'],
    ['<svg><script>alert(1)</script></svg><p>x</p>', '<p>x</p>'],
    ['<style>p{}</style><p>x</p>', '<p>x</p>'],
    ['<a href="javascript:alert(1)">x</a>', 'x'],
    ['<a href="jav&#x61;script:alert(1)">x</a>', 'x'],
    ['<a href="  JAVASCRIPT:alert(1)">x</a>', 'x'],
    ['<a href="data:text/html,<script>">x</a>', 'x'],
    ['<a href="//evil.example">x</a>', 'x'],
    ['<a>x</a>', 'x'],
    [
      '<a href="https://example.com/?a=1&amp;b=2" target="_self" rel="opener" onclick="x">x</a>',
      '<a href="https://example.com/?a=1&amp;b=2" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    ],
    [
      '<a href="mailto:ada@example.com">mail</a>',
      '<a href="mailto:ada@example.com" target="_blank" rel="noopener noreferrer nofollow">mail</a>',
    ],
    ['<b>bold</b> <i>it</i> <div>d</div>', '<strong>bold</strong> <em>it</em> d'],
    ['<p><b>a <i>b</i></b> c <b>open</p>', '<p><strong>a <em>b</em></strong> c <strong>open</strong></p>'],
  ])('%s', (input, output) => {
    expect(sanitizeNoteHtml(input).html).toBe(output);
  });

  test('the text for search drops tags and decodes entities', () => {
    expect(sanitizeNoteHtml('<h1>Call</h1><p>Ben &amp; Jerry<br>at 3</p><script>x</script>').text).toBe(
      'Call Ben & Jerry at 3',
    );
  });
});

describe('notes', () => {
  let t: TestApp;
  let owner: Agent;
  let other: Agent;
  let contactId: string;
  let ownerName: { firstName: string; lastName: string };

  const createNote = async (input: Record<string, unknown>, agent = owner) => {
    const res = await agent.post('/notes', { entityType: 'contact', entityId: contactId, ...input });
    if (res.statusCode !== 201) throw new Error(`create note failed: ${res.statusCode} ${res.body}`);
    return noteSchema.strict().parse(res.json().data);
  };

  beforeAll(async () => {
    t = await createTestApp();
    const signed = await signedInAgent(t.app, { firstName: 'Grace', lastName: 'Hopper' });
    owner = signed.agent;
    ownerName = { firstName: 'Grace', lastName: 'Hopper' };
    other = (await signedInAgent(t.app)).agent;
    contactId = (await owner.post('/contacts', { firstName: 'Client', email: 'client@example.com' })).json().data._id;
  });
  afterAll(async () => {
    await t.close();
  });

  test('every route needs a session', async () => {
    const anonymous = await new Agent(t.app).init();
    expect((await anonymous.get(`/notes${qs({ entityType: 'contact', entityId: contactId })}`)).statusCode).toBe(401);
    expect((await anonymous.post('/notes', {})).statusCode).toBe(401);
  });

  test('POST stores sanitised HTML with defaults and the author', async () => {
    const res = await owner.post('/notes', {
      content:
        '<p onclick="x()">Met <strong>Ada</strong> <a href="javascript:alert(1)">here</a></p><script>bad()</script>',
      entityType: 'contact',
      entityId: contactId,
      tags: ['#follow', 'follow', 'q3'],
      createdBy: { firstName: 'Spoofed', lastName: 'User' },
    });
    expect(res.statusCode).toBe(201);
    const note = noteSchema.strict().parse(res.json().data);
    expect(note).toMatchObject({
      title: null,
      content: '<p>Met <strong>Ada</strong> here</p>',
      category: 'general',
      priority: null,
      isPinned: false,
      tags: ['follow', 'q3'],
      entityType: 'contact',
      entityId: contactId,
      createdBy: { _id: expect.any(String), ...ownerName },
    });
    expect((await owner.get(`/notes/${note._id}`)).json()).toEqual({ success: true, data: note });
  });

  test("content must be non-blank after stripping tags: 'Note content is required'", async () => {
    for (const content of ['', '<p></p>', '<p>&nbsp; <br></p>']) {
      const res = await owner.post('/notes', { content, entityType: 'contact', entityId: contactId });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([{ field: 'content', message: 'Note content is required' }]);
    }
    // Passes the shape check but sanitises to nothing.
    const scriptOnly = await owner.post('/notes', {
      content: '<iframe src="x">x</iframe>',
      entityType: 'contact',
      entityId: contactId,
    });
    expect(scriptOnly.statusCode).toBe(400);
    expect(scriptOnly.json()).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      error: 'Validation failed',
      details: [{ field: 'content', message: 'Note content is required' }],
    });
  });

  test('bad entity types, categories, priorities and tags are 400', async () => {
    const res = await owner.post('/notes', {
      content: 'x',
      entityType: 'invoice',
      entityId: contactId,
      category: 'gossip',
      priority: 'urgent',
      isPinned: 'yes',
      tags: 'a,b',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field)).toEqual([
      'entityType',
      'category',
      'priority',
      'isPinned',
      'tags',
    ]);
    const missing = await owner.post('/notes', { content: 'x' });
    expect(missing.json().details.map((d: { field: string }) => d.field)).toEqual(['entityType', 'entityId']);
  });

  test("the contact must be the caller's: 404 'Contact not found'", async () => {
    const theirContact = (await other.post('/contacts', { firstName: 'T', email: 't@example.com' })).json().data._id;
    for (const res of [
      await owner.post('/notes', { content: 'x', entityType: 'contact', entityId: theirContact }),
      await owner.post('/notes', { content: 'x', entityType: 'contact', entityId: 'missing' }),
      await owner.get(`/notes${qs({ entityType: 'contact', entityId: theirContact })}`),
      await owner.get(`/notes/search${qs({ entityType: 'contact', entityId: theirContact, search: 'x' })}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, code: 'NOT_FOUND', error: 'Contact not found' });
    }
  });

  test('the page statement checks the contact: notes that outlived it (written around the API) are 404', async () => {
    const gone = (await owner.post('/contacts', { firstName: 'Gone', email: 'gone@example.com' })).json().data._id;
    const list = (page = 1) => owner.get(`/notes${qs({ entityType: 'contact', entityId: gone, page, limit: 1 })}`);
    // No notes yet: an empty page, checked on its own.
    expect((await list()).json()).toMatchObject({ success: true, data: [], meta: { total: 0 } });
    const first = await owner.post('/notes', { content: '<p>kept</p>', entityType: 'contact', entityId: gone });
    expect(first.statusCode).toBe(201);
    expect((await list()).json().data.map((n: { _id: string }) => n._id)).toEqual([first.json().data._id]);
    // Past the last page: empty, still the contact's.
    expect((await list(3)).json()).toMatchObject({ success: true, data: [], meta: { total: 1 } });

    await t.database.db.execute(sql`DELETE FROM contacts WHERE id = ${gone}`);
    for (const res of [await list(), await list(3)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, code: 'NOT_FOUND', error: 'Contact not found' });
    }
  });

  test('notes of another business are 404 for read, update, pin and delete', async () => {
    const note = await createNote({ content: '<p>private</p>' });
    for (const call of [
      () => other.get(`/notes/${note._id}`),
      () => other.put(`/notes/${note._id}`, { content: '<p>mine</p>' }),
      () => other.patch(`/notes/${note._id}/pin`),
      () => other.delete(`/notes/${note._id}`),
    ]) {
      const res = await call();
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, code: 'NOT_FOUND', error: 'Note not found' });
    }
    expect((await owner.get(`/notes/${note._id}`)).json().data.content).toBe('<p>private</p>');
  });

  test('PUT changes the given fields (content re-sanitised); PATCH pin toggles; DELETE removes', async () => {
    const note = await createNote({ title: 'Call', content: '<p>one</p>', category: 'call' });
    const res = await owner.put(`/notes/${note._id}`, {
      content: '<p style="x">two <a href="https://example.com">link</a></p>',
      tags: ['x'],
    });
    expect(res.statusCode).toBe(200);
    const updated = noteSchema.parse(res.json().data);
    expect(updated).toMatchObject({
      title: 'Call',
      category: 'call',
      tags: ['x'],
      content: '<p>two <a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">link</a></p>',
    });
    expect((await owner.put(`/notes/${note._id}`, { title: '', category: 'meeting' })).json().data).toMatchObject({
      title: null,
      category: 'meeting',
    });
    const blank = await owner.put(`/notes/${note._id}`, { content: '<p> </p>' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details).toEqual([{ field: 'content', message: 'Note content is required' }]);
    expect((await owner.put(`/notes/${note._id}`, { category: 'gossip' })).statusCode).toBe(400);

    const pinned = await owner.patch(`/notes/${note._id}/pin`);
    expect(pinned.statusCode).toBe(200);
    expect(pinned.json().data.isPinned).toBe(true);
    expect((await owner.patch(`/notes/${note._id}/pin`)).json().data.isPinned).toBe(false);

    expect((await owner.delete(`/notes/${note._id}`)).json()).toEqual({ success: true });
    expect((await owner.get(`/notes/${note._id}`)).statusCode).toBe(404);
    expect((await owner.delete(`/notes/${note._id}`)).statusCode).toBe(404);
    expect((await owner.patch(`/notes/${note._id}/pin`)).statusCode).toBe(404);
  });

  test('an author whose account is gone shows as null (the panel says Unknown User)', async () => {
    const author = await signedInAgent(t.app);
    const theirContact = (await author.agent.post('/contacts', { firstName: 'A', email: 'a@example.com' })).json().data
      ._id;
    const note = (
      await author.agent.post('/notes', { content: 'x', entityType: 'contact', entityId: theirContact })
    ).json().data;
    await t.database.db.execute(sql`UPDATE notes SET created_by = NULL WHERE id = ${note._id}`);
    expect((await author.agent.get(`/notes/${note._id}`)).json().data.createdBy).toBeNull();
    const page = list.parse(
      (await author.agent.get(`/notes${qs({ entityType: 'contact', entityId: theirContact })}`)).json(),
    );
    expect(page.data.map((n) => n.createdBy)).toEqual([null]);
  });

  describe('listing', () => {
    let lister: Agent;
    let entity: string;
    const made: Record<string, Note> = {};

    const get = async (params: Record<string, unknown>, path = '/notes') => {
      const res = await lister.get(`${path}${qs({ entityType: 'contact', entityId: entity, ...params })}`);
      if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
      return list.parse(res.json());
    };
    const titles = async (params: Record<string, unknown>, path?: string) =>
      (await get(params, path)).data.map((n) => n.title);

    beforeAll(async () => {
      lister = (await signedInAgent(t.app)).agent;
      entity = (await lister.post('/contacts', { firstName: 'E', email: 'e@example.com' })).json().data._id;
      const specs: Record<string, unknown>[] = [
        { title: 'n01', content: '<p>Budget talk 50% off</p>', category: 'meeting', priority: 'high' },
        { title: 'n02', content: '<p>Phoned about <em>invoice</em></p>', category: 'call', isPinned: true },
        { title: 'n03', content: '<p>Sent the proposal</p>', category: 'email', priority: 'low' },
        { title: 'Proposal follow-up', content: '<p>Chase them</p>', category: 'follow-up', isPinned: true },
      ];
      for (let i = 0; i < 8; i++) specs.push({ title: `f${i}`, content: `<p>filler ${i}</p>`, category: 'general' });
      let minute = 0;
      for (const spec of specs) {
        const res = await lister.post('/notes', { entityType: 'contact', entityId: entity, ...spec });
        const note = noteSchema.parse(res.json().data);
        made[note.title!] = note;
        minute += 1;
        const at = new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
        await t.database.db.execute(sql`UPDATE notes SET created_at = ${at}::timestamptz WHERE id = ${note._id}`);
      }
      // Notes of another contact never mix in.
      const elsewhere = (await lister.post('/contacts', { firstName: 'F', email: 'f@example.com' })).json().data._id;
      await lister.post('/notes', { entityType: 'contact', entityId: elsewhere, title: 'other', content: 'proposal' });
    });

    test('pinned first, then newest; page size 10; meta with totalPages', async () => {
      const page = await get({});
      expect(page.data.map((n) => n.title)).toEqual([
        'Proposal follow-up',
        'n02',
        'f7',
        'f6',
        'f5',
        'f4',
        'f3',
        'f2',
        'f1',
        'f0',
      ]);
      expect(page.meta).toEqual({ total: 12, page: 1, limit: 10, totalPages: 2 });
      expect(await titles({ page: 2 })).toEqual(['n03', 'n01']);
      expect((await get({ limit: 5, page: 3 })).meta).toEqual({ total: 12, page: 3, limit: 5, totalPages: 3 });
      // Past the last page: no rows, and still the true total.
      const past = await get({ page: 4 });
      expect(past.data).toEqual([]);
      expect(past.meta.total).toBe(12);
      expect((await get({ search: 'no-such-words' })).meta.total).toBe(0);
    });

    test('a page shows each note exactly as its own answer, in the contracts shape (built as JSON by the database)', async () => {
      const res = await lister.get(`/notes${qs({ entityType: 'contact', entityId: entity, limit: 50 })}`);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const page = list.parse(res.json());
      expect(page.data).toHaveLength(12);
      for (const note of page.data) {
        const own = noteSchema.strict().parse((await lister.get(`/notes/${note._id}`)).json().data);
        expect(noteSchema.strict().parse(note)).toEqual(own);
      }
      expect(page.data.find((n) => n.title === 'n01')).toMatchObject({
        content: '<p>Budget talk 50% off</p>',
        priority: 'high',
        isPinned: false,
        tags: [],
        createdAt: '2026-01-01T00:01:00.000Z',
      });
    });

    test('category, priority, pinned and search filters', async () => {
      expect(await titles({ category: 'call' })).toEqual(['n02']);
      expect(await titles({ priority: 'high' })).toEqual(['n01']);
      expect(await titles({ pinned: 'true' })).toEqual(['Proposal follow-up', 'n02']);
      expect((await get({ pinned: 'false' })).meta.total).toBe(10);
      // Over the title and the text (not the markup); case-insensitive; wildcards literal.
      expect(await titles({ search: 'PROPOSAL' })).toEqual(['Proposal follow-up', 'n03']);
      expect(await titles({ search: 'invoice' })).toEqual(['n02']);
      expect(await titles({ search: '<em>' })).toEqual([]);
      expect(await titles({ search: '50%' })).toEqual(['n01']);
      expect(await titles({ search: '%' })).toEqual(['n01']);
    });

    test('GET /notes/search', async () => {
      expect(await titles({ search: 'proposal' }, '/notes/search')).toEqual(['Proposal follow-up', 'n03']);
      expect((await get({}, '/notes/search')).meta.total).toBe(12);
      const bad = await lister.get(`/notes/search${qs({ entityType: 'contact' })}`);
      expect(bad.statusCode).toBe(400);
    });

    test('filters: groups with logic; pinned as a status condition (in for several values)', async () => {
      const f = (filters: unknown) => titles({ filters, limit: 20 });
      expect(await f([{ logic: 'AND', conditions: [{ field: 'status', operator: 'eq', value: 'pinned' }] }])).toEqual([
        'Proposal follow-up',
        'n02',
      ]);
      expect(
        (await f([{ logic: 'OR', conditions: [{ field: 'status', operator: 'in', value: ['pinned', 'unpinned'] }] }]))
          .length,
      ).toBe(12);
      expect(
        await f([
          {
            logic: 'OR',
            conditions: [
              { field: 'category', value: 'email' },
              { field: 'priority', value: 'HIGH' },
            ],
          },
        ]),
      ).toEqual(['n03', 'n01']);
      expect(await f([{ conditions: [{ field: 'content', operator: 'contains', value: 'chase' }] }])).toEqual([
        'Proposal follow-up',
      ]);
      expect(
        await f([{ conditions: [{ field: 'createdAt', operator: 'lte', value: '2026-01-01T00:02:00Z' }] }]),
      ).toEqual(['n02', 'n01']);
      expect(await f([{ conditions: [{ field: 'isPinned', value: true }] }])).toEqual(['Proposal follow-up', 'n02']);
    });

    test('bad list parameters are 400 with details', async () => {
      const res = await lister.get(
        `/notes${qs({
          entityType: 'contact',
          entityId: entity,
          category: 'gossip',
          pinned: 'maybe',
          limit: 500,
          filters: [
            {
              conditions: [
                { field: 'status', value: 'archived' },
                { field: 'body', value: 'x' },
              ],
            },
          ],
        })}`,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ field: 'category' }),
          expect.objectContaining({ field: 'pinned' }),
          expect.objectContaining({ field: 'limit' }),
          { field: 'filters.0.conditions.0.value', message: 'Filter value must be one of: pinned, unpinned' },
          { field: 'filters.0.conditions.1.field', message: "Unknown filter field 'body'" },
        ]),
      );
      const noEntity = await lister.get('/notes');
      expect(noEntity.statusCode).toBe(400);
      expect(noEntity.json().details.map((d: { field: string }) => d.field)).toEqual(['entityType', 'entityId']);
      const badJson = await lister.get(`/notes?entityType=contact&entityId=${entity}&filters=%5B%7B`);
      expect(badJson.json().details).toEqual([{ field: 'filters', message: 'Filters must be valid JSON' }]);
    });

    test('meetings (no table yet) are not checked; projects and tasks are (projects.test.ts)', async () => {
      const res = await lister.post('/notes', { content: 'kick-off', entityType: 'meeting', entityId: 'p1' });
      expect(res.statusCode).toBe(201);
      const projectNotes = list.parse(
        (await lister.get(`/notes${qs({ entityType: 'meeting', entityId: 'p1' })}`)).json(),
      );
      expect(projectNotes.data.map((n) => n.content)).toEqual(['kick-off']);
      // Scoped to the business all the same.
      const theirs = list.parse((await other.get(`/notes${qs({ entityType: 'meeting', entityId: 'p1' })}`)).json());
      expect(theirs.data).toEqual([]);
    });
  });
});
