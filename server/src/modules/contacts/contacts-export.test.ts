import { sql } from 'drizzle-orm';
import { listEnvelopeSchema, makePagination } from '@atrium/contracts';
import { CONTACT_SORT_FIELDS, contactSchema, type Contact, type ContactSortField } from '@atrium/domain-crm/schemas';
import { BUSY_MESSAGE, businessWork, type InProcessWorkLimiter } from '../../lib/business-work';
import { Agent, createTestApp, qs, signedInAgent, type TestApp } from '../../../test/helpers';
import { ContactsRepository, EXPORT_BATCH, nextBatchSize } from './contacts.repository';

const envelope = listEnvelopeSchema(contactSchema.strict()).strict();

/**
 * GET /contacts?export=true streams every match in keyset batches (contacts.repository exportBatches): the answer is
 * the list envelope as before, byte for byte, in the list's order whatever the sort; it counts as heavy work of the
 * business (lib/business-work.ts).
 */
describe('contacts export', () => {
  let t: TestApp;
  let owner: Agent;
  let ownerBusiness: string;
  let other: Agent;
  let otherBusiness: string;
  let limiter: InProcessWorkLimiter;
  /** More than two batches, with repeated sort keys, empty and missing values. */
  const MANY = EXPORT_BATCH.max * 2 + 150;

  /** `count` contacts of the business with repeated names, NULL last names / businesses / last contacts, equal times. */
  async function seed(businessId: string, userId: string, count: number, prefix: string) {
    await t.database.db.execute(sql`
      INSERT INTO contacts (business_id, id, created_by, first_name, last_name, email, business, status, last_contact, created_at)
      SELECT ${businessId}, ${prefix} || '-' || lpad(i::text, 5, '0'), ${userId},
        (ARRAY['Ann', 'ann', 'Bob', 'Zoë', 'Émile'])[1 + i % 5],
        CASE WHEN i % 4 = 0 THEN NULL WHEN i % 7 = 0 THEN '' ELSE 'Last' || (i % 13) END,
        ${prefix} || i || '@example.com',
        CASE WHEN i % 3 = 0 THEN NULL ELSE 'Co ' || (i % 11) END,
        CASE WHEN i % 6 = 0 THEN 'Inactive' ELSE 'Active' END,
        CASE WHEN i % 5 = 0 THEN NULL ELSE timestamptz '2026-01-01 00:00:00.000001+00' + (i % 17) * interval '1 hour 1 microsecond' END,
        timestamptz '2025-06-01 00:00:00.123456+00' + (i % 40) * interval '1 day 1 microsecond'
      FROM generate_series(1, ${count}) AS i`);
  }

  const ids = (answer: { data: { _id: string }[] }) => answer.data.map((c) => c._id);

  /** The list's own order, page by page (100 a page). */
  async function pagedIds(agent: Agent, params: Record<string, unknown>): Promise<string[]> {
    const all: string[] = [];
    for (let page = 1; ; page++) {
      const res = await agent.get(`/contacts${qs({ ...params, page, limit: 100 })}`);
      expect(res.statusCode).toBe(200);
      const answer = envelope.parse(res.json());
      all.push(...ids(answer));
      if (page >= answer.pagination.totalPages) return all;
    }
  }

  const exported = async (agent: Agent, params: Record<string, unknown> = {}) => {
    const res = await agent.get(`/contacts${qs({ ...params, export: true })}`);
    expect(res.statusCode).toBe(200);
    return res;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const a = await signedInAgent(t.app);
    owner = a.agent;
    ownerBusiness = a.body.user.businessId;
    await seed(ownerBusiness, a.body.user.id, MANY, 'a');
    const b = await signedInAgent(t.app);
    other = b.agent;
    otherBusiness = b.body.user.businessId;
    await seed(otherBusiness, b.body.user.id, 61, 'b');
    limiter = businessWork(t.app) as InProcessWorkLimiter;
  });
  afterAll(async () => {
    await t.close();
  });

  test('answers the list envelope as one page, streamed, the same bytes as before', async () => {
    const res = await exported(owner);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-length']).toBeUndefined();
    const answer = envelope.parse(res.json());
    expect(answer.data).toHaveLength(MANY);
    expect(answer.pagination).toEqual(makePagination(MANY, 1, MANY));
    expect(new Set(ids(answer)).size).toBe(MANY);
    expect(ids(answer).every((id) => id.startsWith('a-'))).toBe(true);
    // Rows as PostgreSQL writes them, joined with commas, inside the envelope (what the crm's client parses).
    const rows = answer.data.map((c: Contact) => JSON.stringify(c));
    expect(JSON.parse(res.body)).toEqual(
      JSON.parse(`{"success":true,"data":[${rows.join(',')}],"pagination":${JSON.stringify(answer.pagination)}}`),
    );
    expect(res.body.startsWith('{"success":true,"data":[{"_id"')).toBe(true);
    expect(res.body.endsWith(`}],"pagination":${JSON.stringify(makePagination(MANY, 1, MANY))}}`)).toBe(true);

    const none = await exported(owner, { search: 'nobody-matches-this' });
    expect(none.body).toBe(`{"success":true,"data":[],"pagination":${JSON.stringify(makePagination(0, 1, 1))}}`);
  });

  test.each([
    [{}],
    [{ sortBy: 'lastContact', sortOrder: 'asc' }],
    [{ sortBy: 'lastName', sortOrder: 'desc' }],
    [{ sortBy: 'business', sortOrder: 'asc' }],
    [{ status: 'Active', sortBy: 'firstName' }],
  ])('over several batches, in the order the list pages show (%j)', async (params) => {
    const answer = envelope.parse((await exported(owner, params)).json());
    expect(ids(answer)).toEqual(await pagedIds(owner, params));
  });

  test('every sort, both ways, in batches of any size: the list order, each contact once', async () => {
    const repo = new ContactsRepository(t.database.db);
    for (const sortBy of CONTACT_SORT_FIELDS as readonly ContactSortField[]) {
      for (const sortOrder of ['asc', 'desc'] as const) {
        for (const search of [undefined, 'ann']) {
          const params = { sortBy, sortOrder, ...(search ? { search } : {}) };
          const batches: string[][] = [];
          for await (const batch of repo.exportBatches(
            otherBusiness,
            {
              ...(params as object),
              sortBy,
              sortOrder,
              search,
              page: 1,
              limit: 20,
              export: true,
            } as Parameters<ContactsRepository['exportBatches']>[1],
            7,
          )) {
            expect(batch.length).toBeLessThanOrEqual(7);
            batches.push(batch.map((json) => (JSON.parse(json) as Contact)._id));
          }
          expect(batches.flat()).toEqual(await pagedIds(other, params));
        }
      }
    }
  });

  test('a batch grows while its statements are quick and shrinks when one holds the database long', () => {
    const { first, min, max, fastMs, slowMs } = EXPORT_BATCH;
    expect(nextBatchSize(first, fastMs - 1)).toBe(first * 2);
    expect(nextBatchSize(max, 0)).toBe(max);
    expect(nextBatchSize(first, (fastMs + slowMs) / 2)).toBe(first);
    expect(nextBatchSize(first, slowMs + 1)).toBe(Math.floor(first / 2));
    expect(nextBatchSize(min, 1000)).toBe(min);
  });

  test('a business at its cap of heavy work waits for a slot; past the wait queue it is answered 429 with Retry-After', async () => {
    const held = [await limiter.acquire(ownerBusiness), await limiter.acquire(ownerBusiness)];

    // A third export waits for a slot and runs once one frees up.
    const waiting = exported(owner, { search: 'Zoë' });
    while (limiter.waitingFor(ownerBusiness) === 0) await new Promise((resolve) => setImmediate(resolve));
    held.shift()!();
    expect(envelope.parse((await waiting).json()).data.length).toBeGreaterThan(0);

    expect(limiter.active(ownerBusiness)).toBe(1);

    // The wait queue full: the answer is immediate.
    held.push(await limiter.acquire(ownerBusiness));
    const queued = Array.from({ length: 4 }, () => limiter.acquire(ownerBusiness));
    expect(limiter.waitingFor(ownerBusiness)).toBe(4);
    const busy = await owner.get(`/contacts${qs({ export: true })}`);
    expect(busy.statusCode).toBe(429);
    expect(busy.headers['retry-after']).toBe('5');
    expect(busy.json()).toEqual({ success: false, code: 'RATE_LIMITED', error: BUSY_MESSAGE });
    // The list itself and another business's export are not held up.
    expect((await owner.get('/contacts')).statusCode).toBe(200);
    expect(envelope.parse((await exported(other)).json()).data).toHaveLength(61);

    for (const release of held.splice(0)) release();
    for (const slot of queued) (await slot)();
    expect(limiter.active(ownerBusiness)).toBe(0);
    expect(limiter.waitingFor(ownerBusiness)).toBe(0);
  });

  test('an export gives its slot back when its answer has been sent', async () => {
    await exported(owner);
    await exported(owner, { sortBy: 'email' });
    expect(limiter.active(ownerBusiness)).toBe(0);
    // A failed export (a bad filter is a 400 before the slot) holds nothing either.
    expect((await owner.get(`/contacts${qs({ export: true, sortBy: 'nope' })}`)).statusCode).toBe(400);
    expect(limiter.active(ownerBusiness)).toBe(0);
  });
});
