import { count, eq, inArray } from 'drizzle-orm';
import { listEnvelopeSchema } from '@atrium/contracts';
import { contactSchema } from '@atrium/domain-crm/schemas';
import { contacts, contactTagLinks } from '../../db/schema';
import { Agent, createTestApp, signedInAgent, type TestApp } from '../../../test/helpers';

const envelope = listEnvelopeSchema(contactSchema).strict();

describe('contacts', () => {
  let t: TestApp;
  let owner: Agent;
  let other: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    owner = (await signedInAgent(t.app)).agent;
    other = (await signedInAgent(t.app)).agent;
  });
  afterAll(async () => {
    await t.close();
  });

  const create = async (agent: Agent, input: Record<string, unknown>) => {
    const res = await agent.post('/contacts', input);
    if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
    return contactSchema.parse(res.json().data);
  };

  test('unauthenticated calls are 401 Not signed in', async () => {
    const anonymous = await new Agent(t.app).init();
    const list = await anonymous.get('/contacts');
    expect(list.statusCode).toBe(401);
    expect(list.json()).toEqual({ success: false, code: 'UNAUTHORIZED', error: 'Not signed in' });
    expect((await anonymous.post('/contacts', { firstName: 'A', email: 'a@b.co' })).statusCode).toBe(401);
    expect((await anonymous.get('/contacts/whatever')).statusCode).toBe(401);
  });

  test('POST creates a contact in the contracts shape (name, phone composed; defaults)', async () => {
    const res = await owner.post('/contacts', {
      firstName: '  Katherine ',
      lastName: 'Johnson',
      email: ' Katherine.Johnson@NASA.gov ',
      phoneCode: '+1',
      phoneNumber: '555 0100',
      business: 'NASA',
      jobTitle: '',
      foundDate: '1958-10-01',
      linkedin: 'https://linkedin.com/in/kj',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().success).toBe(true);
    const contact = contactSchema.strict().parse(res.json().data);
    expect(contact).toMatchObject({
      firstName: 'Katherine',
      lastName: 'Johnson',
      name: 'Katherine Johnson',
      email: 'katherine.johnson@nasa.gov',
      phone: '+1 555 0100',
      business: 'NASA',
      status: 'Active',
      jobTitle: null,
      foundDate: '1958-10-01T00:00:00.000Z',
      lastContact: null,
      linkedin: 'https://linkedin.com/in/kj',
      groupIds: [],
    });
    expect(new Date(contact.dateCreated).toISOString()).toBe(contact.dateCreated);

    const got = await owner.get(`/contacts/${contact._id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual({ success: true, data: contact });
  });

  test('invalid input answers 400 with the schema messages', async () => {
    const res = await owner.post('/contacts', {
      firstName: '',
      email: 'john@@example.com',
      status: 'Archived',
      linkedin: 'linkedin.com/in/x',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual(
      expect.arrayContaining([
        { field: 'firstName', message: 'First name is required' },
        { field: 'email', message: 'Email address can only contain one @ symbol' },
        { field: 'linkedin', message: 'Enter a full profile URL starting with http:// or https://' },
        expect.objectContaining({ field: 'status' }),
      ]),
    );
  });

  test('unknown group ids are refused', async () => {
    const res = await owner.post('/contacts', { firstName: 'G', email: 'g@example.com', groupIds: ['nope'] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      error: 'Validation failed',
      details: [{ field: 'groupIds.0', message: 'Contact group not found' }],
    });
  });

  test('GET /contacts/:id is 404 when missing', async () => {
    const res = await owner.get('/contacts/00000000-0000-0000-0000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, code: 'NOT_FOUND', error: 'Contact not found' });
  });

  describe('listing', () => {
    let lister: Agent;

    beforeAll(async () => {
      lister = (await signedInAgent(t.app)).agent;
      await create(lister, {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@engines.co.uk',
        business: 'Analytical Engines',
      });
      await create(lister, {
        firstName: 'Alan',
        lastName: 'Turing',
        email: 'alan@bletchley.org',
        phoneCode: '+44',
        phoneNumber: '20 7946 0958',
      });
      await create(lister, { firstName: 'Grace', lastName: 'Hopper', email: 'grace@navy.mil', status: 'Inactive' });
      await create(lister, {
        firstName: 'Edsger',
        lastName: 'Dijkstra',
        email: 'ewd@utexas.edu',
        business: '100%_Structured',
      });
      for (let i = 1; i <= 21; i++) {
        await create(lister, { firstName: `Filler${String(i).padStart(2, '0')}`, email: `filler${i}@example.com` });
      }
    });

    test('pagination envelope, newest first, default page size 20', async () => {
      const first = await lister.get('/contacts');
      expect(first.statusCode).toBe(200);
      const page1 = envelope.parse(first.json());
      expect(page1.pagination).toEqual({ total: 25, page: 1, limit: 20, totalPages: 2 });
      expect(page1.data).toHaveLength(20);
      expect(page1.data[0]!.firstName).toBe('Filler21');
      expect(page1.data[19]!.firstName).toBe('Filler02');

      const third = envelope.parse((await lister.get('/contacts?page=3&limit=10')).json());
      expect(third.pagination).toEqual({ total: 25, page: 3, limit: 10, totalPages: 3 });
      expect(third.data.map((c) => c.firstName)).toEqual(['Filler01', 'Edsger', 'Grace', 'Alan', 'Ada']);

      const beyond = envelope.parse((await lister.get('/contacts?page=9&limit=10')).json());
      expect(beyond.data).toEqual([]);
      expect(beyond.pagination.total).toBe(25);
    });

    test('bad query parameters are 400', async () => {
      const res = await lister.get('/contacts?limit=1000&page=0');
      expect(res.statusCode).toBe(400);
      expect(
        res
          .json()
          .details.map((d: { field: string }) => d.field)
          .sort(),
      ).toEqual(['limit', 'page']);
    });

    test('search: case-insensitive substring over names, full name, email, business and phone', async () => {
      const names = async (query: string) =>
        envelope
          .parse((await lister.get(`/contacts?search=${encodeURIComponent(query)}`)).json())
          .data.map((c) => c.lastName);
      expect(await names('LOVE')).toEqual(['Lovelace']);
      expect(await names('ada lovelace')).toEqual(['Lovelace']);
      expect(await names('bletchley')).toEqual(['Turing']);
      expect(await names('analytical')).toEqual(['Lovelace']);
      expect(await names('7946')).toEqual(['Turing']);
      expect(await names('+44')).toEqual(['Turing']);
      expect(await names('hop')).toEqual(['Hopper']);
      // LIKE wildcards are literal characters.
      expect(await names('100%_')).toEqual(['Dijkstra']);
      expect(await names('%')).toEqual(['Dijkstra']);
      expect(await names('zzzz')).toEqual([]);

      const counted = envelope.parse((await lister.get('/contacts?search=filler1&limit=5')).json());
      // Filler10–Filler19 by name, Filler01 by its e-mail filler1@…
      expect(counted.pagination).toEqual({ total: 11, page: 1, limit: 5, totalPages: 3 });
    });

    test('status filter, alone and with search', async () => {
      const inactive = envelope.parse((await lister.get('/contacts?status=Inactive')).json());
      expect(inactive.data.map((c) => c.firstName)).toEqual(['Grace']);
      expect(inactive.pagination.total).toBe(1);
      const active = envelope.parse((await lister.get('/contacts?status=Active&search=a')).json());
      expect(active.data.every((c) => c.status === 'Active')).toBe(true);
      expect(active.data.map((c) => c.firstName)).not.toContain('Grace');
      const none = envelope.parse((await lister.get('/contacts?status=Inactive&search=turing')).json());
      expect(none.pagination).toEqual({ total: 0, page: 1, limit: 20, totalPages: 1 });
    });

    test("business isolation: another business can neither list nor read this one's contacts", async () => {
      const mine = envelope.parse((await lister.get('/contacts?limit=100')).json()).data;
      expect(mine).toHaveLength(25);

      const theirs = envelope.parse((await other.get('/contacts?limit=100')).json());
      expect(theirs.pagination.total).toBe(0);
      const searched = envelope.parse((await other.get('/contacts?search=lovelace')).json());
      expect(searched.data).toEqual([]);

      const target = mine.find((c) => c.lastName === 'Lovelace')!;
      const read = await other.get(`/contacts/${target._id}`);
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual({ success: false, code: 'NOT_FOUND', error: 'Contact not found' });
      expect((await lister.get(`/contacts/${target._id}`)).statusCode).toBe(200);
    });
  });

  describe('update and delete', () => {
    let editor: Agent;
    let groupA: string;
    let groupB: string;
    let tagA: string;
    let tagB: string;

    beforeAll(async () => {
      editor = (await signedInAgent(t.app)).agent;
      groupA = (await editor.post('/contact-groups', { name: 'A' })).json().data._id;
      groupB = (await editor.post('/contact-groups', { name: 'B' })).json().data._id;
      tagA = (await editor.post('/contacts/tags', { name: 'lead' })).json().data._id;
      tagB = (await editor.post('/contacts/tags', { name: 'vip' })).json().data._id;
    });

    test('POST takes tags; answers carry tag ids', async () => {
      const c = await create(editor, { firstName: 'T', email: 't@example.com', tags: [tagA, tagB, tagA] });
      expect([...c.tags!].sort()).toEqual([tagA, tagB].sort());
      const plain = await create(editor, { firstName: 'U', email: 'u@example.com' });
      expect(plain.tags).toEqual([]);
    });

    test('PUT replaces every field, the groups and the tags', async () => {
      const c = await create(editor, {
        firstName: 'Old',
        lastName: 'Name',
        email: 'old@example.com',
        city: 'Paris',
        groupIds: [groupA],
        tags: [tagA],
      });
      const res = await editor.put(`/contacts/${c._id}`, {
        firstName: 'New',
        email: 'NEW@example.com',
        status: 'Inactive',
        lastContact: '2026-01-02',
        groupIds: [groupB],
        tags: [tagB],
      });
      expect(res.statusCode).toBe(200);
      const updated = contactSchema.strict().parse(res.json().data);
      expect(updated).toMatchObject({
        _id: c._id,
        firstName: 'New',
        lastName: null,
        name: 'New',
        email: 'new@example.com',
        status: 'Inactive',
        city: null,
        lastContact: '2026-01-02T00:00:00.000Z',
        dateCreated: c.dateCreated,
        groupIds: [groupB],
        tags: [tagB],
      });
      expect((await editor.get(`/contacts/${c._id}`)).json().data).toEqual(updated);
    });

    test('PUT without tags keeps them; with [] clears them; groups [] clears groups', async () => {
      const c = await create(editor, { firstName: 'K', email: 'k@example.com', groupIds: [groupA], tags: [tagA] });
      const kept = (await editor.put(`/contacts/${c._id}`, { firstName: 'K', email: 'k@example.com' })).json().data;
      expect(kept.tags).toEqual([tagA]);
      expect(kept.groupIds).toEqual([]);
      const cleared = (
        await editor.put(`/contacts/${c._id}`, { firstName: 'K', email: 'k@example.com', tags: [] })
      ).json().data;
      expect(cleared.tags).toEqual([]);
    });

    test('PUT validates like POST and refuses foreign groups and tags', async () => {
      const c = await create(editor, { firstName: 'V', email: 'v@example.com' });
      const bad = await editor.put(`/contacts/${c._id}`, { firstName: '', email: 'x' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details.map((d: { field: string }) => d.field)).toEqual(['firstName', 'email']);

      const stranger = (await signedInAgent(t.app)).agent;
      const foreignTag = (await stranger.post('/contacts/tags', { name: 'theirs' })).json().data._id;
      const foreignGroup = (await stranger.post('/contact-groups', { name: 'theirs' })).json().data._id;
      const res = await editor.put(`/contacts/${c._id}`, {
        firstName: 'V',
        email: 'v@example.com',
        groupIds: [groupA, foreignGroup],
        tags: [foreignTag],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        code: 'VALIDATION_ERROR',
        error: 'Validation failed',
        details: [
          { field: 'groupIds.1', message: 'Contact group not found' },
          { field: 'tags.0', message: 'Contact tag not found' },
        ],
      });
      expect((await editor.get(`/contacts/${c._id}`)).json().data.groupIds).toEqual([]);
    });

    test("PUT and DELETE of another business's contact (or a missing one) are 404 and change nothing", async () => {
      const c = await create(editor, { firstName: 'Mine', email: 'mine@example.com' });
      const put = await other.put(`/contacts/${c._id}`, { firstName: 'Stolen', email: 's@example.com' });
      expect(put.statusCode).toBe(404);
      expect(put.json()).toEqual({ success: false, code: 'NOT_FOUND', error: 'Contact not found' });
      const del = await other.delete(`/contacts/${c._id}`);
      expect(del.statusCode).toBe(404);
      expect((await editor.get(`/contacts/${c._id}`)).json().data.firstName).toBe('Mine');
      expect((await editor.delete('/contacts/nope')).statusCode).toBe(404);
    });

    test('DELETE removes the contact with its memberships, tag links and notes', async () => {
      const c = await create(editor, {
        firstName: 'Gone',
        email: 'gone@example.com',
        groupIds: [groupA],
        tags: [tagA],
      });
      const note = await editor.post('/notes', { content: '<p>hello</p>', entityType: 'contact', entityId: c._id });
      expect(note.statusCode).toBe(201);
      const before = (await editor.get(`/contact-groups/${groupA}`)).json().data.contactCount;

      const res = await editor.delete(`/contacts/${c._id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      expect((await editor.get(`/contacts/${c._id}`)).statusCode).toBe(404);
      expect((await editor.get(`/contact-groups/${groupA}`)).json().data.contactCount).toBe(before - 1);
      expect((await editor.get(`/notes/${note.json().data._id}`)).statusCode).toBe(404);
      const { db } = t.database;
      const [links] = await db.select({ n: count() }).from(contactTagLinks).where(eq(contactTagLinks.contactId, c._id));
      expect(links!.n).toBe(0);
      expect((await editor.delete(`/contacts/${c._id}`)).statusCode).toBe(404);
    });
  });

  describe('one contact per e-mail address in a business', () => {
    let agent: Agent;
    const taken = {
      success: false,
      code: 'CONFLICT',
      error: 'A contact with this email already exists',
      details: [{ field: 'email', message: 'A contact with this email already exists' }],
    };

    beforeAll(async () => {
      agent = (await signedInAgent(t.app)).agent;
    });
    const total = async () => envelope.parse((await agent.get('/contacts')).json()).pagination.total;

    test('a second contact with the address (any case) is a 409 on the email field, and nothing is stored', async () => {
      await create(agent, { firstName: 'Grace', email: 'grace@navy.example.com' });
      const before = await total();
      const again = await agent.post('/contacts', { firstName: 'Grace H', email: '  GRACE@Navy.example.com ' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual(taken);
      expect(await total()).toBe(before);
      // Another business may have the same address.
      expect((await other.post('/contacts', { firstName: 'Grace', email: 'grace@navy.example.com' })).statusCode).toBe(
        201,
      );
    });

    test('PUT to another contact’s address is a 409 and changes nothing; keeping one’s own address is fine', async () => {
      const a = await create(agent, { firstName: 'Ada', email: 'ada@engine.example.com' });
      const b = await create(agent, { firstName: 'Bob', email: 'bob@engine.example.com' });
      const clash = await agent.put(`/contacts/${b._id}`, { firstName: 'Bobby', email: 'ADA@engine.example.com' });
      expect(clash.statusCode).toBe(409);
      expect(clash.json()).toEqual(taken);
      expect(contactSchema.parse((await agent.get(`/contacts/${b._id}`)).json().data)).toMatchObject({
        firstName: 'Bob',
        email: 'bob@engine.example.com',
      });
      const same = await agent.put(`/contacts/${a._id}`, { firstName: 'Augusta Ada', email: 'Ada@Engine.example.com' });
      expect(same.statusCode).toBe(200);
      expect(same.json().data).toMatchObject({ firstName: 'Augusta Ada', email: 'ada@engine.example.com' });
      // A missing contact is still a 404, whatever its address.
      expect(
        (await agent.put('/contacts/missing', { firstName: 'X', email: 'ada@engine.example.com' })).statusCode,
      ).toBe(404);
    });

    test('contacts that already share an address (stored before the rule) stay editable', async () => {
      const a = await create(agent, { firstName: 'Twin', email: 'twin-a@example.com' });
      const b = await create(agent, { firstName: 'Twin', email: 'twin-b@example.com' });
      await t.database.db
        .update(contacts)
        .set({ email: 'twin@example.com' })
        .where(inArray(contacts.id, [a._id, b._id]));
      const res = await agent.put(`/contacts/${b._id}`, { firstName: 'Twin B', email: 'twin@example.com' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.firstName).toBe('Twin B');
    });

    test('two creates of one address at once: exactly one is stored', async () => {
      const before = await total();
      const answers = await Promise.all(
        [1, 2, 3].map((i) => agent.post('/contacts', { firstName: `Racer ${i}`, email: 'racer@example.com' })),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
      expect(await total()).toBe(before + 1);
    });
  });
});
