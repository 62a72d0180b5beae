import { sql } from 'drizzle-orm';
import { listEnvelopeSchema } from '@atrium/contracts';
import { contactSchema, type Contact } from '@atrium/domain-crm/schemas';
import { Agent, createTestApp, qs, signedInAgent, type TestApp } from '../../../test/helpers';

const envelope = listEnvelopeSchema(contactSchema).strict();

/** GET /contacts with every filter of docs/requirements.md §3, sorting and export. */
describe('contact list filters', () => {
  let t: TestApp;
  let owner: Agent;
  let other: Agent;
  const byName: Record<string, Contact> = {};
  let vip: string;
  let press: string;
  let lead: string;
  let cold: string;

  const list = async (params: Record<string, unknown>) => {
    const res = await owner.get(`/contacts${qs(params)}`);
    if (res.statusCode !== 200) throw new Error(`list failed: ${res.statusCode} ${res.body}`);
    return envelope.parse(res.json());
  };
  const names = async (params: Record<string, unknown>) => (await list(params)).data.map((c) => c.firstName);
  const sorted = (xs: string[]) => [...xs].sort();

  beforeAll(async () => {
    t = await createTestApp();
    owner = (await signedInAgent(t.app)).agent;
    other = (await signedInAgent(t.app)).agent;
    vip = (await owner.post('/contact-groups', { name: 'VIP' })).json().data._id;
    press = (await owner.post('/contact-groups', { name: 'Press' })).json().data._id;
    lead = (await owner.post('/contacts/tags', { name: 'lead' })).json().data._id;
    cold = (await owner.post('/contacts/tags', { name: 'cold' })).json().data._id;

    const people = [
      {
        firstName: 'ada',
        lastName: 'Lovelace',
        email: 'ada@x.io',
        business: 'Engines',
        city: 'London',
        groupIds: [vip],
        tags: [lead],
        lastContact: '2026-03-10T15:00:00Z',
        created: '2026-01-05T10:00:00Z',
      },
      {
        firstName: 'Brian',
        lastName: 'Kernighan',
        email: 'bwk@x.io',
        business: 'bell labs',
        city: 'Murray Hill',
        groupIds: [press],
        tags: [cold],
        lastContact: '2026-03-11',
        created: '2026-01-06T23:59:59Z',
      },
      {
        firstName: 'Claude',
        lastName: null,
        email: 'claude@x.io',
        business: null,
        city: 'london',
        groupIds: [vip, press],
        tags: [lead, cold],
        lastContact: null,
        created: '2026-01-07T00:00:00Z',
      },
      {
        firstName: 'Dennis',
        lastName: 'Ritchie',
        email: 'dmr@x.io',
        business: 'Bell Labs',
        city: null,
        status: 'Inactive',
        groupIds: [],
        tags: [],
        lastContact: '2025-12-31T23:00:00Z',
        created: '2026-02-01T12:00:00Z',
      },
      {
        firstName: 'Edsger',
        lastName: 'dijkstra',
        email: 'ewd@x.io',
        business: "O'Reilly; DROP TABLE contacts;--",
        city: '',
        groupIds: [],
        tags: [],
        lastContact: null,
        created: '2026-02-02T12:00:00Z',
      },
    ];
    for (const { created, ...input } of people) {
      const res = await owner.post('/contacts', input);
      if (res.statusCode !== 201) throw new Error(res.body);
      const c = contactSchema.parse(res.json().data);
      await t.database.db.execute(sql`UPDATE contacts SET created_at = ${created}::timestamptz WHERE id = ${c._id}`);
      byName[c.firstName] = c;
    }
    // Another business with look-alike data must never show up.
    await other.post('/contacts', { firstName: 'ada', email: 'ada@x.io', city: 'London' });
  });
  afterAll(async () => {
    await t.close();
  });

  test('default: newest first; groupIds and tags in every answer', async () => {
    const page = await list({});
    expect(page.data.map((c) => c.firstName)).toEqual(['Edsger', 'Dennis', 'Claude', 'Brian', 'ada']);
    const claude = page.data.find((c) => c.firstName === 'Claude')!;
    expect(sorted(claude.groupIds)).toEqual(sorted([vip, press]));
    expect(sorted(claude.tags!)).toEqual(sorted([lead, cold]));
  });

  test('groupId, groupIds (any of, comma list or alias groups), hasGroups', async () => {
    expect(sorted(await names({ groupId: vip }))).toEqual(['Claude', 'ada']);
    expect(sorted(await names({ groupIds: `${vip},${press}` }))).toEqual(['Brian', 'Claude', 'ada']);
    expect(sorted(await names({ groups: press }))).toEqual(['Brian', 'Claude']);
    expect(sorted(await names({ groupId: vip, groupIds: press }))).toEqual(['Claude']);
    expect(sorted(await names({ hasGroups: 'true' }))).toEqual(['Brian', 'Claude', 'ada']);
    expect(sorted(await names({ hasGroups: 'false' }))).toEqual(['Dennis', 'Edsger']);
    expect(await names({ groupId: 'unknown' })).toEqual([]);
  });

  test('tags: any of the listed tag ids', async () => {
    expect(sorted(await names({ tags: lead }))).toEqual(['Claude', 'ada']);
    expect(sorted(await names({ tags: `${lead},${cold}` }))).toEqual(['Brian', 'Claude', 'ada']);
  });

  test('date bounds are inclusive whole days (UTC)', async () => {
    expect(sorted(await names({ dateCreatedFrom: '2026-01-06', dateCreatedTo: '2026-01-07' }))).toEqual([
      'Brian',
      'Claude',
    ]);
    expect(sorted(await names({ dateCreatedFrom: '2026-02-01' }))).toEqual(['Dennis', 'Edsger']);
    expect(sorted(await names({ dateCreatedTo: '2026-01-05' }))).toEqual(['ada']);
    expect(sorted(await names({ lastContactFrom: '2026-03-10', lastContactTo: '2026-03-11' }))).toEqual([
      'Brian',
      'ada',
    ]);
    expect(sorted(await names({ lastContactTo: '2025-12-31' }))).toEqual(['Dennis']);
    expect(await names({ lastContactFrom: '2026-03-12' })).toEqual([]);
  });

  test('sortBy every column, both orders; text ignores case; empty values last', async () => {
    expect(await names({ sortBy: 'firstName' })).toEqual(['ada', 'Brian', 'Claude', 'Dennis', 'Edsger']);
    expect(await names({ sortBy: 'firstName', sortOrder: 'desc' })).toEqual([
      'Edsger',
      'Dennis',
      'Claude',
      'Brian',
      'ada',
    ]);
    expect(await names({ sortBy: 'lastName' })).toEqual(['Edsger', 'Brian', 'ada', 'Dennis', 'Claude']);
    expect(await names({ sortBy: 'lastName', sortOrder: 'desc' })).toEqual([
      'Dennis',
      'ada',
      'Brian',
      'Edsger',
      'Claude',
    ]);
    expect(await names({ sortBy: 'email', sortOrder: 'desc' })).toEqual(['Edsger', 'Dennis', 'Claude', 'Brian', 'ada']);
    const business = await names({ sortBy: 'business' });
    expect(business.slice(0, 2).sort()).toEqual(['Brian', 'Dennis']); // 'bell labs' = 'Bell Labs' ignoring case
    expect(business.slice(2)).toEqual(['ada', 'Edsger', 'Claude']);
    expect((await names({ sortBy: 'business', sortOrder: 'desc' })).slice(0, 2)).toEqual(['Edsger', 'ada']);
    expect((await names({ sortBy: 'business', sortOrder: 'desc' })).at(-1)).toBe('Claude');
    expect((await names({ sortBy: 'status', sortOrder: 'desc' }))[0]).toBe('Dennis');
    expect(await names({ sortBy: 'dateCreated', sortOrder: 'asc' })).toEqual([
      'ada',
      'Brian',
      'Claude',
      'Dennis',
      'Edsger',
    ]);
    // Most recently contacted first; never contacted count as the least recent.
    const recent = await names({ sortBy: 'lastContact' });
    expect(recent.slice(0, 3)).toEqual(['Brian', 'ada', 'Dennis']);
    expect(sorted(recent.slice(3))).toEqual(['Claude', 'Edsger']);
    expect((await names({ sortBy: 'lastContact', sortOrder: 'asc' })).slice(2)).toEqual(['Dennis', 'ada', 'Brian']);
  });

  test('pagination over a sort is stable; export=true returns every match in one page', async () => {
    const first = await list({ sortBy: 'firstName', limit: 2, page: 1 });
    const second = await list({ sortBy: 'firstName', limit: 2, page: 2 });
    expect([...first.data, ...second.data].map((c) => c.firstName)).toEqual(['ada', 'Brian', 'Claude', 'Dennis']);
    expect(second.pagination).toEqual({ total: 5, page: 2, limit: 2, totalPages: 3 });

    const all = await list({ export: 'true', limit: 2, page: 3 });
    expect(all.data).toHaveLength(5);
    expect(all.pagination).toEqual({ total: 5, page: 1, limit: 5, totalPages: 1 });
    const filtered = await list({ export: 'true', groupId: vip });
    expect(filtered.pagination).toEqual({ total: 2, page: 1, limit: 2, totalPages: 1 });
    const none = await list({ export: 'true', search: 'zzz' });
    expect(none.pagination).toEqual({ total: 0, page: 1, limit: 1, totalPages: 1 });
  });

  describe('filters (JSON filter groups)', () => {
    const f = (groups: unknown) => names({ filters: groups });

    test('text operators, case-insensitive, on any own column', async () => {
      expect(sorted(await f([{ conditions: [{ field: 'city', value: 'LONDON' }] }]))).toEqual(['Claude', 'ada']);
      expect(sorted(await f([{ conditions: [{ field: 'city', operator: 'neq', value: 'london' }] }]))).toEqual([
        'Brian',
        'Dennis',
        'Edsger',
      ]);
      expect(await f([{ conditions: [{ field: 'email', operator: 'startsWith', value: 'BW' }] }])).toEqual(['Brian']);
      expect(await f([{ conditions: [{ field: 'lastName', operator: 'endsWith', value: 'STRA' }] }])).toEqual([
        'Edsger',
      ]);
      expect(sorted(await f([{ conditions: [{ field: 'business', operator: 'contains', value: 'bell' }] }]))).toEqual([
        'Brian',
        'Dennis',
      ]);
      expect(
        sorted(await f([{ conditions: [{ field: 'business', operator: 'notContains', value: 'bell' }] }])),
      ).toEqual(['Claude', 'Edsger', 'ada']);
      expect(sorted(await f([{ conditions: [{ field: 'city', operator: 'isEmpty' }] }]))).toEqual(['Dennis', 'Edsger']);
      expect(sorted(await f([{ conditions: [{ field: 'city', operator: 'isNotEmpty' }] }]))).toEqual([
        'Brian',
        'Claude',
        'ada',
      ]);
      expect(sorted(await f([{ conditions: [{ field: 'status', operator: 'in', value: ['inactive'] }] }]))).toEqual([
        'Dennis',
      ]);
      expect(
        sorted(await f([{ conditions: [{ field: 'firstName', operator: 'notIn', value: ['ADA', 'brian'] }] }])),
      ).toEqual(['Claude', 'Dennis', 'Edsger']);
    });

    test('LIKE wildcards and quotes in values are plain text (values are bound parameters)', async () => {
      expect(
        await f([{ conditions: [{ field: 'business', operator: 'contains', value: "O'Reilly; DROP TABLE" }] }]),
      ).toEqual(['Edsger']);
      expect(await f([{ conditions: [{ field: 'email', operator: 'contains', value: '%' }] }])).toEqual([]);
      expect(await f([{ conditions: [{ field: 'email', operator: 'contains', value: '_' }] }])).toEqual([]);
      expect((await list({})).pagination.total).toBe(5);
    });

    test('dates: eq is the whole day; gt/gte/lt/lte by day; isEmpty', async () => {
      expect(await f([{ conditions: [{ field: 'lastContact', value: '2026-03-10' }] }])).toEqual(['ada']);
      expect(await f([{ conditions: [{ field: 'lastContact', operator: 'gt', value: '2026-03-10' }] }])).toEqual([
        'Brian',
      ]);
      expect(
        sorted(await f([{ conditions: [{ field: 'lastContact', operator: 'gte', value: '2026-03-10' }] }])),
      ).toEqual(['Brian', 'ada']);
      expect(await f([{ conditions: [{ field: 'lastContact', operator: 'lt', value: '2026-03-10' }] }])).toEqual([
        'Dennis',
      ]);
      expect(
        sorted(await f([{ conditions: [{ field: 'dateCreated', operator: 'lte', value: '2026-01-06' }] }])),
      ).toEqual(['Brian', 'ada']);
      expect(sorted(await f([{ conditions: [{ field: 'lastContact', operator: 'isEmpty' }] }]))).toEqual([
        'Claude',
        'Edsger',
      ]);
      expect(sorted(await f([{ conditions: [{ field: 'foundDate', operator: 'isNotEmpty' }] }]))).toEqual([]);
    });

    test('combinators: OR inside a group, groups AND-ed; with the other filters', async () => {
      const either = {
        combinator: 'OR',
        conditions: [
          { field: 'city', value: 'london' },
          { field: 'status', value: 'Inactive' },
        ],
      };
      expect(sorted(await f([either]))).toEqual(['Claude', 'Dennis', 'ada']);
      expect(sorted(await f([either, { conditions: [{ field: 'lastName', operator: 'isNotEmpty' }] }]))).toEqual([
        'Dennis',
        'ada',
      ]);
      expect(await names({ filters: [either], groupId: vip, sortBy: 'firstName' })).toEqual(['ada', 'Claude']);
      expect(await f([])).toHaveLength(5);
      expect(await f([{ combinator: 'OR', conditions: [] }])).toHaveLength(5);
    });

    test('bad filters are 400 with field paths, never 500', async () => {
      const bad = async (filters: string) => {
        const res = await owner.get(`/contacts?filters=${encodeURIComponent(filters)}`);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
        return res.json().details as { field: string; message: string }[];
      };
      expect(await bad('[{')).toEqual([{ field: 'filters', message: 'Filters must be valid JSON' }]);
      expect(await bad('{"conditions":[]}')).toEqual([
        { field: 'filters', message: 'Filters must be a list of filter groups' },
      ]);
      expect(await bad(JSON.stringify([{ conditions: [{ field: 'password_hash', value: 'x' }] }]))).toEqual([
        { field: 'filters.0.conditions.0.field', message: "Unknown filter field 'password_hash'" },
      ]);
      expect(await bad(JSON.stringify([{ conditions: [{ field: 'business_id', value: 'x' }] }]))).toEqual([
        { field: 'filters.0.conditions.0.field', message: "Unknown filter field 'business_id'" },
      ]);
      expect(await bad(JSON.stringify([{ conditions: [{ field: 'city', operator: 'regex', value: '.*' }] }]))).toEqual([
        { field: 'filters.0.conditions.0.operator', message: "Unknown filter operator 'regex'" },
      ]);
      expect(
        await bad(JSON.stringify([{ conditions: [{ field: 'lastContact', operator: 'contains', value: '1' }] }])),
      ).toEqual([
        {
          field: 'filters.0.conditions.0.operator',
          message: "Operator 'contains' cannot be used on the date field 'lastContact'",
        },
      ]);
      expect(await bad(JSON.stringify([{ conditions: [{ field: 'lastContact', value: 'last week' }] }]))).toEqual([
        {
          field: 'filters.0.conditions.0.value',
          message: 'Filter value must be a date (YYYY-MM-DD or an ISO date-time)',
        },
      ]);
      expect(await bad(JSON.stringify([{ conditions: [{ field: 'status', value: 'Archived' }] }]))).toEqual([
        { field: 'filters.0.conditions.0.value', message: 'Filter value must be one of: Active, Inactive' },
      ]);
      expect(await bad(JSON.stringify([{ conditions: [{ field: 'city', value: { $gt: '' } }] }]))).toEqual([
        { field: 'filters.0.conditions.0.value', message: 'Filter value must be text' },
      ]);
      expect(await bad(JSON.stringify([{ combinator: 'NAND', conditions: [] }]))).toEqual([
        { field: 'filters.0.combinator', message: "Combinator must be 'AND' or 'OR'" },
      ]);
    });
  });

  test('other parameters are checked: sortBy, sortOrder, booleans, dates, id lists', async () => {
    const res = await owner.get(
      `/contacts${qs({ sortBy: 'password', sortOrder: 'sideways', hasGroups: 'maybe', export: 'yes', dateCreatedFrom: '31/12/2026', lastContactTo: '2026-02-30' })}`,
    );
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['dateCreatedFrom', 'export', 'hasGroups', 'lastContactTo', 'sortBy', 'sortOrder']);
  });

  test("another business's group and tag ids match nothing here; its filters see only its rows", async () => {
    expect(await names({ groupId: vip })).toHaveLength(2);
    const theirs = await other.get(`/contacts${qs({ groupId: vip })}`);
    expect(theirs.json().data).toEqual([]);
    const theirTags = await other.get(`/contacts${qs({ tags: lead })}`);
    expect(theirTags.json().data).toEqual([]);
    const city = await other.get(`/contacts${qs({ filters: [{ conditions: [{ field: 'city', value: 'london' }] }] })}`);
    expect(city.json().data.map((c: Contact) => c.firstName)).toEqual(['ada']);
    expect(city.json().data[0]._id).not.toBe(byName.ada!._id);
  });
});
