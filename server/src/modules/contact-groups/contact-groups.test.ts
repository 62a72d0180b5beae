import { sql } from 'drizzle-orm';
import { listEnvelopeSchema } from '@atrium/contracts';
import {
  contactGroupListEnvelopeSchema,
  contactGroupSchema,
  contactSchema,
  DEFAULT_GROUP_COLOR,
  type ContactGroup,
} from '@atrium/domain-crm/schemas';
import { Agent, createTestApp, qs, signedInAgent, type TestApp } from '../../../test/helpers';

const groupList = contactGroupListEnvelopeSchema.strict();
const contactList = listEnvelopeSchema(contactSchema);

describe('contact groups', () => {
  let t: TestApp;
  let owner: Agent;
  let other: Agent;

  const createGroup = async (agent: Agent, input: Record<string, unknown>) => {
    const res = await agent.post('/contact-groups', input);
    if (res.statusCode !== 201) throw new Error(`create group failed: ${res.statusCode} ${res.body}`);
    return contactGroupSchema.strict().parse(res.json().data);
  };
  const createContact = async (agent: Agent, firstName: string) => {
    const res = await agent.post('/contacts', { firstName, email: `${firstName.toLowerCase()}@example.com` });
    if (res.statusCode !== 201) throw new Error(res.body);
    return contactSchema.parse(res.json().data)._id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = (await signedInAgent(t.app)).agent;
    other = (await signedInAgent(t.app)).agent;
  });
  afterAll(async () => {
    await t.close();
  });

  test('every route needs a session', async () => {
    const anonymous = await new Agent(t.app).init();
    expect((await anonymous.get('/contact-groups')).statusCode).toBe(401);
    expect((await anonymous.post('/contact-groups', { name: 'x' })).statusCode).toBe(401);
    expect((await anonymous.get('/contacts/groups')).statusCode).toBe(401);
  });

  test('POST creates with the default teal, GET/:id reads it', async () => {
    const res = await owner.post('/contact-groups', { name: '  Investors ', description: ' Money ' });
    expect(res.statusCode).toBe(201);
    const group = contactGroupSchema.strict().parse(res.json().data);
    expect(group).toMatchObject({
      name: 'Investors',
      color: DEFAULT_GROUP_COLOR,
      description: 'Money',
      contactCount: 0,
    });
    expect(group.createdAt).toBe(group.updatedAt);
    const got = await owner.get(`/contact-groups/${group._id}`);
    expect(got.json()).toEqual({ success: true, data: group });
  });

  test('validation: name required, colour #rrggbb (stored lower-case)', async () => {
    const res = await owner.post('/contact-groups', { name: ' ', color: 'teal' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      error: 'Validation failed',
      details: [
        { field: 'name', message: 'Group name is required' },
        { field: 'color', message: 'Color must be a hex colour like #0ca678' },
      ],
    });
    expect((await owner.post('/contact-groups', {})).json().details).toEqual([
      { field: 'name', message: 'Group name is required' },
    ]);
    expect((await owner.post('/contact-groups', { name: 'Coloured', color: '#AABBCC' })).json().data.color).toBe(
      '#aabbcc',
    );
  });

  test('names are unique per business, ignoring case: 409; another business may reuse them', async () => {
    await createGroup(owner, { name: 'Partners' });
    const dup = await owner.post('/contact-groups', { name: 'PARTNERS' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ success: false, code: 'CONFLICT', error: 'A group with this name already exists' });
    expect((await other.post('/contact-groups', { name: 'partners' })).statusCode).toBe(201);

    const second = await createGroup(owner, { name: 'Suppliers' });
    const rename = await owner.put(`/contact-groups/${second._id}`, { name: 'partners' });
    expect(rename.statusCode).toBe(409);
  });

  test('PUT changes the given fields only; DELETE removes; both 404 outside the business', async () => {
    const g = await createGroup(owner, { name: 'Temp', color: '#112233', description: 'd' });
    const res = await owner.put(`/contact-groups/${g._id}`, { description: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Temp', color: '#112233', description: null });
    expect(
      (await owner.put(`/contact-groups/${g._id}`, { name: 'Temp 2', color: '#445566' })).json().data,
    ).toMatchObject({ name: 'Temp 2', color: '#445566' });
    expect((await owner.put(`/contact-groups/${g._id}`, { name: '' })).statusCode).toBe(400);

    for (const call of [
      () => other.get(`/contact-groups/${g._id}`),
      () => other.put(`/contact-groups/${g._id}`, { name: 'Mine now' }),
      () => other.delete(`/contact-groups/${g._id}`),
      () => other.get(`/contact-groups/${g._id}/contacts`),
    ]) {
      const r = await call();
      expect(r.statusCode).toBe(404);
      expect(r.json()).toEqual({ success: false, code: 'NOT_FOUND', error: 'Contact group not found' });
    }
    const del = await owner.delete(`/contact-groups/${g._id}`);
    expect(del.json()).toEqual({ success: true });
    expect((await owner.get(`/contact-groups/${g._id}`)).statusCode).toBe(404);
    expect((await owner.delete(`/contact-groups/${g._id}`)).statusCode).toBe(404);
  });

  describe('memberships', () => {
    let members: Agent;
    let group: ContactGroup;
    let a: string;
    let b: string;
    let c: string;

    beforeAll(async () => {
      members = (await signedInAgent(t.app)).agent;
      group = await createGroup(members, { name: 'Team' });
      a = await createContact(members, 'Ann');
      b = await createContact(members, 'Bob');
      c = await createContact(members, 'Cid');
    });

    test('assign-contacts is idempotent: already-members do not count', async () => {
      const first = await members.post(`/contact-groups/${group._id}/assign-contacts`, { contactIds: [a, b, a] });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ success: true, modifiedCount: 2 });
      const again = await members.post(`/contact-groups/${group._id}/assign-contacts`, { contactIds: [a, b, c] });
      expect(again.json()).toEqual({ success: true, modifiedCount: 1 });
      expect((await members.get(`/contact-groups/${group._id}`)).json().data.contactCount).toBe(3);
      expect((await members.get(`/contacts/${a}`)).json().data.groupIds).toEqual([group._id]);
    });

    test('DELETE /:id/contacts and remove-contact remove; non-members do not count', async () => {
      const removed = await members.delete(`/contact-groups/${group._id}/contacts`, { contactIds: [a, b] });
      expect(removed.json()).toEqual({ success: true, modifiedCount: 2 });
      expect((await members.delete(`/contact-groups/${group._id}/contacts`, { contactIds: [a] })).json()).toEqual({
        success: true,
        modifiedCount: 0,
      });
      expect((await members.post(`/contact-groups/${group._id}/remove-contact`, { contactId: c })).json()).toEqual({
        success: true,
        modifiedCount: 1,
      });
      expect((await members.get(`/contact-groups/${group._id}`)).json().data.contactCount).toBe(0);
    });

    test('POST /:id/contacts and add-contact add', async () => {
      expect((await members.post(`/contact-groups/${group._id}/contacts`, { contactIds: [a] })).json()).toEqual({
        success: true,
        modifiedCount: 1,
      });
      expect((await members.post(`/contact-groups/${group._id}/add-contact`, { contactId: b })).json()).toEqual({
        success: true,
        modifiedCount: 1,
      });
      expect(
        (await members.post(`/contact-groups/${group._id}/add-contact`, { contactId: b })).json().modifiedCount,
      ).toBe(0);
    });

    test('GET /:id/contacts pages the members with the contact-list parameters', async () => {
      const res = await members.get(`/contact-groups/${group._id}/contacts${qs({ sortBy: 'firstName', limit: 1 })}`);
      expect(res.statusCode).toBe(200);
      const page = contactList.parse(res.json());
      expect(page.data.map((x) => x.firstName)).toEqual(['Ann']);
      expect(page.pagination).toEqual({ total: 2, page: 1, limit: 1, totalPages: 2 });
      const searched = contactList.parse(
        (await members.get(`/contact-groups/${group._id}/contacts${qs({ search: 'bob' })}`)).json(),
      );
      expect(searched.data.map((x) => x.firstName)).toEqual(['Bob']);
      expect((await members.get(`/contact-groups/${group._id}/contacts?limit=0`)).statusCode).toBe(400);
    });

    test("contacts of another business are 400 'Contact not found'; nothing changes", async () => {
      const theirs = await createContact(other, 'Zed');
      const res = await members.post(`/contact-groups/${group._id}/assign-contacts`, { contactIds: [c, theirs] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        code: 'VALIDATION_ERROR',
        error: 'Contact not found',
        details: [{ field: 'contactIds.1', message: 'Contact not found' }],
      });
      const single = await members.post(`/contact-groups/${group._id}/add-contact`, { contactId: theirs });
      expect(single.json().details).toEqual([{ field: 'contactId', message: 'Contact not found' }]);
      expect((await members.delete(`/contact-groups/${group._id}/contacts`, { contactIds: ['nope'] })).statusCode).toBe(
        400,
      );
      expect((await members.get(`/contact-groups/${group._id}`)).json().data.contactCount).toBe(2);
    });

    test("another business's group is 404 for every membership route; bad bodies are 400", async () => {
      for (const call of [
        () => other.post(`/contact-groups/${group._id}/assign-contacts`, { contactIds: ['x'] }),
        () => other.post(`/contact-groups/${group._id}/contacts`, { contactIds: ['x'] }),
        () => other.delete(`/contact-groups/${group._id}/contacts`, { contactIds: ['x'] }),
        () => other.post(`/contact-groups/${group._id}/add-contact`, { contactId: 'x' }),
        () => other.post(`/contact-groups/${group._id}/remove-contact`, { contactId: 'x' }),
      ]) {
        expect((await call()).statusCode).toBe(404);
      }
      const empty = await members.post(`/contact-groups/${group._id}/assign-contacts`, { contactIds: [] });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().details).toEqual([{ field: 'contactIds', message: 'Select at least one contact' }]);
      expect((await members.post(`/contact-groups/${group._id}/add-contact`, {})).json().details).toEqual([
        { field: 'contactId', message: 'Contact id is required' },
      ]);
      expect(
        (await members.post(`/contact-groups/${group._id}/assign-contacts`, { contactIds: 'a,b' })).statusCode,
      ).toBe(400);
    });

    test('deleting a group removes its memberships, not the contacts', async () => {
      const g = await createGroup(members, { name: 'Short-lived' });
      await members.post(`/contact-groups/${g._id}/assign-contacts`, { contactIds: [a] });
      await members.delete(`/contact-groups/${g._id}`);
      const contact = (await members.get(`/contacts/${a}`)).json().data;
      expect(contact.groupIds).toEqual([group._id]);
    });
  });

  describe('listing', () => {
    let lister: Agent;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      lister = (await signedInAgent(t.app)).agent;
      const specs = [
        { name: 'alpha', color: '#ff0000', description: 'first letters', members: 3, created: '2026-01-01T10:00:00Z' },
        { name: 'Bravo', color: '#00ff00', members: 1, created: '2026-01-02T10:00:00Z' },
        { name: 'charlie', color: '#FF0000', members: 0, created: '2026-01-03T10:00:00Z' },
        { name: 'Delta', members: 2, created: '2026-01-04T10:00:00Z' },
        { name: 'echo', description: 'Alpha-ish', members: 0, created: '2026-01-05T10:00:00Z' },
      ];
      const people = [];
      for (let i = 0; i < 3; i++) people.push(await createContact(lister, `Person${i}`));
      for (const s of specs) {
        const g = await createGroup(lister, { name: s.name, color: s.color, description: s.description });
        ids[s.name] = g._id;
        if (s.members > 0) {
          await lister.post(`/contact-groups/${g._id}/assign-contacts`, { contactIds: people.slice(0, s.members) });
        }
        await t.database.db.execute(
          sql`UPDATE contact_groups SET created_at = ${s.created}::timestamptz WHERE id = ${g._id}`,
        );
      }
    });

    const list = async (params: Record<string, unknown>, agent = lister) => {
      const res = await agent.get(`/contact-groups${qs(params)}`);
      if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
      return groupList.parse(res.json());
    };
    const names = async (params: Record<string, unknown>) => (await list(params)).data.map((g) => g.name);

    test('default: by name A→Z (ignoring case), counts in one answer, hasNextPage pagination', async () => {
      const page = await list({});
      expect(page.data.map((g) => [g.name, g.contactCount])).toEqual([
        ['alpha', 3],
        ['Bravo', 1],
        ['charlie', 0],
        ['Delta', 2],
        ['echo', 0],
      ]);
      expect(page.pagination).toEqual({ total: 5, page: 1, limit: 20, hasNextPage: false });
      const p2 = await list({ limit: 2, page: 2 });
      expect(p2.data.map((g) => g.name)).toEqual(['charlie', 'Delta']);
      expect(p2.pagination).toEqual({ total: 5, page: 2, limit: 2, hasNextPage: true });
      const last = await list({ limit: 2, page: 3 });
      expect(last.pagination.hasNextPage).toBe(false);
    });

    test('offset wins over page', async () => {
      const res = await list({ offset: 3, limit: 2, page: 1 });
      expect(res.data.map((g) => g.name)).toEqual(['Delta', 'echo']);
      expect(res.pagination).toEqual({ total: 5, page: 2, limit: 2, hasNextPage: false });
    });

    test('search (name or description), color, hasContacts, created date bounds', async () => {
      expect(await names({ search: 'ALPHA' })).toEqual(['alpha', 'echo']);
      expect(await names({ color: '#FF0000' })).toEqual(['alpha', 'charlie']);
      expect(await names({ hasContacts: 'true' })).toEqual(['alpha', 'Bravo', 'Delta']);
      expect(await names({ hasContacts: 'false' })).toEqual(['charlie', 'echo']);
      expect(await names({ createdDateFrom: '2026-01-02', createdDateTo: '2026-01-03' })).toEqual(['Bravo', 'charlie']);
    });

    test('sortBy name, createdAt (newest first by default), contactCount', async () => {
      expect(await names({ sortOrder: 'desc' })).toEqual(['echo', 'Delta', 'charlie', 'Bravo', 'alpha']);
      expect(await names({ sortBy: 'createdAt' })).toEqual(['echo', 'Delta', 'charlie', 'Bravo', 'alpha']);
      expect(await names({ sortBy: 'createdAt', sortOrder: 'asc' })).toEqual([
        'alpha',
        'Bravo',
        'charlie',
        'Delta',
        'echo',
      ]);
      expect(await names({ sortBy: 'contactCount' })).toEqual(['alpha', 'Delta', 'Bravo', 'echo', 'charlie']);
      expect(await names({ sortBy: 'contactCount', sortOrder: 'asc' })).toEqual([
        'charlie',
        'echo',
        'Bravo',
        'Delta',
        'alpha',
      ]);
    });

    test('filters: contactCount is a number, createdAt a date, the rest text', async () => {
      const f = (groups: unknown) => names({ filters: groups });
      expect(await f([{ conditions: [{ field: 'contactCount', operator: 'gte', value: '2' }] }])).toEqual([
        'alpha',
        'Delta',
      ]);
      expect(
        await f([
          {
            combinator: 'OR',
            conditions: [
              { field: 'name', operator: 'startsWith', value: 'b' },
              { field: 'createdAt', value: '2026-01-05' },
            ],
          },
        ]),
      ).toEqual(['Bravo', 'echo']);
      expect(await f([{ conditions: [{ field: 'description', operator: 'isEmpty' }] }])).toEqual([
        'Bravo',
        'charlie',
        'Delta',
      ]);
      const bad = await lister.get(
        `/contact-groups${qs({ filters: [{ conditions: [{ field: 'contactCount', operator: 'contains', value: 1 }] }] })}`,
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details).toEqual([
        {
          field: 'filters.0.conditions.0.operator',
          message: "Operator 'contains' cannot be used on the number field 'contactCount'",
        },
      ]);
    });

    test('bad parameters are 400', async () => {
      const res = await lister.get(
        `/contact-groups${qs({ sortBy: 'members', color: 'red', hasContacts: 'yes', offset: -1 })}`,
      );
      expect(res.statusCode).toBe(400);
      expect(
        res
          .json()
          .details.map((d: { field: string }) => d.field)
          .sort(),
      ).toEqual(['color', 'hasContacts', 'offset', 'sortBy']);
    });

    test('another business sees none of these', async () => {
      const theirs = await list({ search: 'alpha' }, other);
      expect(theirs.data).toEqual([]);
    });
  });

  test('aliases: GET/POST /contacts/groups, PUT/DELETE /contacts/groups/:id', async () => {
    const agent = (await signedInAgent(t.app)).agent;
    const created = await agent.post('/contacts/groups', { name: 'Alias' });
    expect(created.statusCode).toBe(201);
    const id = created.json().data._id;
    expect(groupList.parse((await agent.get('/contacts/groups')).json()).data.map((g) => g.name)).toEqual(['Alias']);
    expect((await agent.post('/contacts/groups', { name: 'alias' })).statusCode).toBe(409);
    expect((await agent.put(`/contacts/groups/${id}`, { color: '#123456' })).json().data.color).toBe('#123456');
    expect((await other.put(`/contacts/groups/${id}`, { color: '#123456' })).statusCode).toBe(404);
    expect((await agent.delete(`/contacts/groups/${id}`)).json()).toEqual({ success: true });
    expect((await agent.get(`/contact-groups/${id}`)).statusCode).toBe(404);
  });
});
