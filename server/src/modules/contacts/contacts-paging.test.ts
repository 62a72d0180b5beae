import { sql } from 'drizzle-orm';
import { listEnvelopeSchema } from '@atrium/contracts';
import {
  CONTACT_SORT_FIELDS,
  contactListParamsSchema,
  contactSchema,
  type ContactSortField,
} from '@atrium/domain-crm/schemas';
import { Agent, createTestApp, qs, signedInAgent, type TestApp } from '../../../test/helpers';
import { NARROWING_PARAMS, narrows } from './contacts.repository';

const envelope = listEnvelopeSchema(contactSchema);
const SEEDED = 2500;

/**
 * The two shortcuts of the contacts list: the unfiltered total comes from the trigger-kept counter, and a deep
 * page past the middle is read backwards from the other end of the sort index. Both must answer exactly what
 * the plain forward query (the export) answers.
 */
describe('contact list totals and deep pages', () => {
  let t: TestApp;
  let owner: Agent;
  let businessId: string;

  const list = async (params: Record<string, unknown>) => {
    const res = await owner.get(`/contacts${qs(params)}`);
    if (res.statusCode !== 200) throw new Error(`list failed: ${res.statusCode} ${res.body}`);
    return envelope.parse(res.json());
  };
  const ids = async (params: Record<string, unknown>) => (await list(params)).data.map((c) => c._id);
  const sqlCount = async () => {
    const result = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM contacts WHERE business_id = ${businessId}`,
    );
    return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = (await signedInAgent(t.app)).agent;
    businessId = (await owner.get('/users/me')).json().user.businessId;
    // Repeated sort keys (ties broken by id), empty last names / businesses / last contacts (NULLS placement).
    await t.database.db.execute(sql`
      INSERT INTO contacts (id, business_id, first_name, last_name, email, business, status, last_contact, created_at)
      SELECT md5('paging-' || i)::uuid::text, ${businessId}, 'N' || (i % 37),
        CASE WHEN i % 5 = 0 THEN NULL ELSE 'L' || (i % 23) END,
        'p' || i || '@x.io',
        CASE WHEN i % 3 = 0 THEN NULL ELSE 'Co' || (i % 11) END,
        CASE WHEN i % 4 = 0 THEN 'Inactive' ELSE 'Active' END,
        CASE WHEN i % 6 = 0 THEN NULL ELSE timestamptz '2026-01-01' + (i % 50) * interval '1 day' END,
        timestamptz '2025-01-01' + (i % 400) * interval '1 hour'
      FROM generate_series(1, ${SEEDED}) AS i`);
  });
  afterAll(() => t.close());

  it('names every narrowing parameter of GET /contacts (a new filter cannot be counted as unfiltered)', () => {
    const notNarrowing = ['page', 'limit', 'sortBy', 'sortOrder', 'export'];
    const keys = Object.keys(contactListParamsSchema.shape).filter((k) => !notNarrowing.includes(k));
    expect([...NARROWING_PARAMS].sort()).toEqual(keys.sort());
    for (const key of NARROWING_PARAMS) expect(narrows({ [key]: key === 'hasGroups' ? false : ['x'] })).toBe(true);
    expect(narrows({ search: '', tags: [], filters: undefined })).toBe(false);
  });

  it('keeps the unfiltered total equal to the rows through creates, deletes and a bulk delete', async () => {
    expect((await list({ limit: 1 })).pagination.total).toBe(SEEDED);
    const created = (await owner.post('/contacts', { firstName: 'Zed', email: 'zed@x.io' })).json().data._id;
    expect((await list({ limit: 1 })).pagination.total).toBe(SEEDED + 1);
    expect((await owner.delete(`/contacts/${created}`)).statusCode).toBe(200);
    await t.database.db.execute(
      sql`DELETE FROM contacts WHERE business_id = ${businessId} AND first_name IN ('N1', 'N2')`,
    );
    const total = (await list({ limit: 1 })).pagination.total;
    expect(total).toBe(await sqlCount());
    expect(total).toBeLessThan(SEEDED);
    // A filter that matches everything is counted by the query, and agrees.
    expect((await list({ limit: 1, dateCreatedFrom: '2000-01-01' })).pagination.total).toBe(total);
  });

  it('counts a search on contact_search, which follows every create, rename, delete and bulk change', async () => {
    const wide = async (term: string) => {
      const result = await t.database.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM contacts WHERE business_id = ${businessId} AND search_text LIKE ${`%${term}%`}`,
      );
      return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
    };
    const total = async (term: string) => (await list({ search: term, limit: 1 })).pagination.total;
    expect(await total('n1')).toBe(await wide('n1'));

    const id = (await owner.post('/contacts', { firstName: 'Quixotic', email: 'qx@x.io' })).json().data._id;
    expect(await total('quixotic')).toBe(1);
    expect((await owner.put(`/contacts/${id}`, { firstName: 'Zanzibar', email: 'qx@x.io' })).statusCode).toBe(200);
    expect([await total('quixotic'), await total('zanzibar')]).toEqual([0, 1]);
    await t.database.db.execute(
      sql`UPDATE contacts SET business = 'Zanzibar Trading' WHERE business_id = ${businessId} AND first_name = 'N5'`,
    );
    expect(await total('zanzibar')).toBe(await wide('zanzibar'));
    expect(await total('zanzibar')).toBeGreaterThan(1);
    expect((await owner.delete(`/contacts/${id}`)).statusCode).toBe(200);
    expect(await total('zanzibar')).toBe(await wide('zanzibar'));
    // A changed created_at follows too: a search in the default order pages by contact_search's copy.
    await t.database.db.execute(
      sql`UPDATE contacts SET created_at = created_at - interval '3 days' WHERE business_id = ${businessId} AND first_name = 'N7'`,
    );
    const orphans = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM contact_search s LEFT JOIN contacts c ON c.id = s.contact_id
          WHERE c.id IS NULL OR c.search_text <> s.search_text OR c.business_id <> s.business_id
             OR c.created_at <> s.created_at`,
    );
    expect(Number((orphans as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(0);
  });

  it('gives another business its own total', async () => {
    const other = (await signedInAgent(t.app)).agent;
    await other.post('/contacts', { firstName: 'Solo', email: 'solo@x.io' });
    const res = await other.get('/contacts?limit=5');
    expect(res.json().pagination.total).toBe(1);
    // The same statements serve both businesses (built once per shape): the values decide, not the first caller.
    const mine = await owner.get('/contacts?limit=5&search=x.io');
    const theirs = await other.get('/contacts?limit=5&search=x.io');
    expect(theirs.json().data.map((c: { firstName: string }) => c.firstName)).toEqual(['Solo']);
    expect(mine.json().pagination.total).toBe(await sqlCount());
  });

  const orders = CONTACT_SORT_FIELDS.flatMap((sortBy) =>
    (['asc', 'desc'] as const).map((sortOrder) => [sortBy, sortOrder] as [ContactSortField, 'asc' | 'desc']),
  );

  it.each(orders)('answers deep pages sorted by %s %s exactly like the forward order', async (sortBy, sortOrder) => {
    const all = await ids({ sortBy, sortOrder, export: true });
    const total = all.length;
    expect(total).toBe(await sqlCount());
    for (const [page, limit] of [
      [51, 20], // offset 1000: deep, before the middle (read forwards)
      [100, 20], // past the middle (read backwards)
      [Math.ceil(total / 20), 20], // the last page, short
      [Math.ceil(total / 7), 7],
      [Math.ceil(total / 100) - 1, 100],
    ] as const) {
      const offset = (page - 1) * limit;
      expect(await ids({ sortBy, sortOrder, page, limit })).toEqual(all.slice(offset, offset + limit));
    }
    expect(await ids({ sortBy, sortOrder, page: Math.ceil(total / 20) + 1, limit: 20 })).toEqual([]);
  });

  it.each(orders)(
    'answers search pages sorted by %s %s (one scan counts and pages) like the forward order',
    async (sortBy, sortOrder) => {
      const search = 'n1';
      const all = await ids({ search, sortBy, sortOrder, export: true });
      expect(all.length).toBeGreaterThan(100);
      for (const page of [1, 2, Math.ceil(all.length / 20)]) {
        const answer = await list({ search, sortBy, sortOrder, page, limit: 20 });
        expect(answer.data.map((c) => c._id)).toEqual(all.slice((page - 1) * 20, page * 20));
        expect(answer.pagination.total).toBe(all.length);
      }
      const past = await list({ search, sortBy, sortOrder, page: Math.ceil(all.length / 20) + 1, limit: 20 });
      expect(past.data).toEqual([]);
      expect(past.pagination.total).toBe(all.length);
      expect((await list({ search: 'no-such-contact', sortBy, sortOrder })).pagination.total).toBe(0);
    },
  );

  it('answers a deep page of a filtered list exactly like the forward order', async () => {
    const all = await ids({ status: 'Active', sortBy: 'lastName', sortOrder: 'desc', export: true });
    const page = Math.ceil(all.length / 20) - 1;
    expect(all.length).toBeGreaterThan(1500);
    expect(await ids({ status: 'Active', sortBy: 'lastName', sortOrder: 'desc', page, limit: 20 })).toEqual(
      all.slice((page - 1) * 20, page * 20),
    );
  });
});
