import { sql } from 'drizzle-orm';
import { listEnvelopeSchema } from '@atrium/contracts';
import { composePhone, contactSchema, type Contact } from '@atrium/domain-crm/schemas';
import { Agent, createTestApp, qs, signedInAgent, type TestApp } from '../../../test/helpers';

const strictContact = contactSchema.strict();
const envelope = listEnvelopeSchema(strictContact).strict();

/**
 * Contact answers are built by PostgreSQL as JSON (db/json-answers.ts, contacts.repository CONTACT_ANSWER): every
 * list form (page, search, deep page, filtered, export, a group's contacts) and the single-contact answers must show
 * each contact the same, in the contracts' shape, with the derived fields as the contracts compute them.
 */
describe('contact answers built as JSON by the database', () => {
  let t: TestApp;
  let owner: Agent;
  let group1: string;
  let group2: string;
  let tag: string;
  const created: Record<string, Contact> = {};

  const odd = 'He said "hi" \\ back\nthen\ttabbed \u0001 — café 👋 </script><b>&amp;';
  const inputs = () => [
    { firstName: 'Full', lastName: 'Person', email: 'full@x.io', phoneCode: '+44', phoneNumber: '7700900123' },
    { firstName: 'Solo', lastName: null, email: 'solo@x.io', phoneCode: null, phoneNumber: '555' },
    { firstName: 'Blank', lastName: '', email: 'blank@x.io', phoneCode: '+1', phoneNumber: '' },
    { firstName: 'Codeonly', email: 'code@x.io', phoneCode: '+1', phoneNumber: null },
    {
      firstName: 'Odd "quoted"',
      lastName: 'Ünïcødé',
      email: 'odd@x.io',
      business: odd,
      notes: odd,
      city: '',
      foundDate: '1000-01-01T00:00:00.000Z',
      lastContact: '2026-11-26T08:11:45.007Z',
      groupIds: [group2, group1],
      tags: [tag],
    },
    { firstName: 'Late', email: 'late@x.io', foundDate: '9999-12-31T23:59:59.999Z', status: 'Inactive' },
  ];

  beforeAll(async () => {
    t = await createTestApp();
    owner = (await signedInAgent(t.app)).agent;
    group1 = (await owner.post('/contact-groups', { name: 'One' })).json().data._id;
    group2 = (await owner.post('/contact-groups', { name: 'Two' })).json().data._id;
    tag = (await owner.post('/contacts/tags', { name: 'tagged' })).json().data._id;
    for (const input of inputs()) {
      const res = await owner.post('/contacts', input);
      if (res.statusCode !== 201) throw new Error(res.body);
      const c = strictContact.parse(res.json().data);
      created[c.email] = c;
    }
    // Microseconds are stored; answers show milliseconds, truncated (as Date does).
    await t.database.db.execute(
      sql`UPDATE contacts SET created_at = '2026-01-02 03:04:05.678999+00' WHERE id = ${created['full@x.io']!._id}`,
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const single = async (id: string) => strictContact.parse((await owner.get(`/contacts/${id}`)).json().data);
  const page = async (path: string, params: Record<string, unknown>) => {
    const res = await owner.get(`${path}${qs(params)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    return envelope.parse(res.json());
  };

  test('the derived fields follow the contracts (name, phone, ISO dates) and text survives exactly', async () => {
    for (const input of inputs()) {
      const c = await single(created[input.email]!._id);
      expect(c.name).toBe([input.firstName, input.lastName].filter(Boolean).join(' '));
      expect(c.phone).toBe(composePhone(input.phoneCode ?? null, input.phoneNumber ?? null));
      expect(c.foundDate).toBe(input.foundDate ?? null);
      expect(c.lastContact).toBe(input.lastContact ?? null);
      expect(c.dateCreated).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
    const oddOne = await single(created['odd@x.io']!._id);
    expect(oddOne).toMatchObject({
      firstName: 'Odd "quoted"',
      lastName: 'Ünïcødé',
      business: odd,
      notes: odd,
      city: null,
    });
    expect([...oddOne.groupIds].sort()).toEqual([group1, group2].sort());
    expect(oddOne.tags).toEqual([tag]);
    expect((await single(created['full@x.io']!._id)).dateCreated).toBe('2026-01-02T03:04:05.678Z');
    expect((await single(created['solo@x.io']!._id)).groupIds).toEqual([]);
  });

  test('every list form shows each contact exactly as its own answer', async () => {
    const forms: [string, Record<string, unknown>][] = [
      ['/contacts', {}],
      ['/contacts', { sortBy: 'firstName', sortOrder: 'desc' }],
      ['/contacts', { search: 'o' }],
      ['/contacts', { search: 'x.io', sortBy: 'email' }],
      ['/contacts', { status: 'Active', search: 'o' }],
      ['/contacts', { page: 2, limit: 2 }],
      ['/contacts', { export: true }],
      ['/contacts', { tags: tag }],
      [`/contact-groups/${group1}/contacts`, {}],
    ];
    for (const [path, params] of forms) {
      const answer = await page(path, params);
      expect(answer.data.length).toBeGreaterThan(0);
      for (const c of answer.data) expect(c).toEqual(await single(c._id));
    }
    expect((await page('/contacts', { export: true })).data).toHaveLength(inputs().length);
  });

  test('an empty page and a page past the end are empty lists with their totals', async () => {
    expect(await page('/contacts', { search: 'nobody-matches-this' })).toMatchObject({
      data: [],
      pagination: { total: 0, page: 1 },
    });
    expect(await page('/contacts', { page: 50, limit: 2 })).toMatchObject({
      data: [],
      pagination: { total: inputs().length, page: 50 },
    });
  });
});
