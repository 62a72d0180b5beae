import { count } from 'drizzle-orm';
import { contactValidateResultSchema } from '@atrium/domain-crm/schemas';
import { contactImportUploads } from '../../db/schema';
import { BUSY_MESSAGE, businessWork, type InProcessWorkLimiter } from '../../lib/business-work';
import { Agent, createTestApp, signedInAgent, type TestApp } from '../../../test/helpers';
import { IMPORT_BODY_LIMIT } from './contact-import.routes';
import { uploadCsv } from './test-utils';

/**
 * What bounds the import routes: their body limit (the rest of the API has 1 MB), the per-business cap of heavy
 * work (lib/business-work.ts) and the error file's formula defusing.
 */
describe('contact import limits', () => {
  let t: TestApp;
  let owner: Agent;
  let ownerBusiness: string;
  let other: Agent;
  let limiter: InProcessWorkLimiter;
  const mapping = { Name: 'firstName', Mail: 'email' };

  beforeAll(async () => {
    t = await createTestApp();
    const signed = await signedInAgent(t.app);
    owner = signed.agent;
    ownerBusiness = signed.body.user.businessId;
    other = (await signedInAgent(t.app)).agent;
    limiter = businessWork(t.app) as InProcessWorkLimiter;
  });
  afterAll(async () => {
    await t.close();
  });

  const uploadCount = async () => (await t.database.db.select({ n: count() }).from(contactImportUploads))[0]!.n;
  /** A JSON body of about `bytes` bytes of rows sent as data. */
  const rowsBody = (bytes: number) => {
    const filler = 'x'.repeat(1000);
    const rows = Array.from({ length: Math.ceil(bytes / 1050) }, (_, i) => ({
      Name: `P${i}`,
      Mail: `p${i}@example.com`,
      Notes: filler,
    }));
    return JSON.stringify({ data: rows, mapping });
  };
  const json = { headers: { 'content-type': 'application/json' } };

  test('validate and import take rows as data up to their own limit; past it 413 in the error body', async () => {
    const fits = await owner.post('/contacts/validate', rowsBody(2 * 1024 * 1024), json);
    expect(fits.statusCode).toBe(200);
    expect(contactValidateResultSchema.parse(fits.json().data).valid).toBeGreaterThan(1900);

    const tooBig = rowsBody(IMPORT_BODY_LIMIT + 64 * 1024);
    for (const route of ['/contacts/validate', '/contacts/import']) {
      const res = await owner.post(route, tooBig, json);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
      expect(typeof res.json().error).toBe('string');
    }
    expect(IMPORT_BODY_LIMIT).toBeLessThanOrEqual(16 * 1024 * 1024);
  });

  test('any other body is at most 1 MB', async () => {
    const res = await owner.post('/contacts', {
      firstName: 'Big',
      email: 'big@example.com',
      notes: 'n'.repeat(1100_000),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  test('a business at its cap of heavy work: upload, validate and import answer 429 with Retry-After; others go on', async () => {
    const held = [await limiter.acquire(ownerBusiness), await limiter.acquire(ownerBusiness)];
    const queued = Array.from({ length: 4 }, () => limiter.acquire(ownerBusiness));
    const uploadsBefore = await uploadCount();
    const body = { data: [{ Name: 'Ada', Mail: 'ada@example.com' }], mapping };
    const answers = [
      await uploadCsv(owner, 'Name,Mail\nAda,ada@example.com\n'),
      await owner.post('/contacts/validate', body),
      await owner.post('/contacts/import', body),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ success: false, code: 'RATE_LIMITED', error: BUSY_MESSAGE });
    }
    expect(await uploadCount()).toBe(uploadsBefore);
    // Another business is not held up.
    expect((await other.post('/contacts/validate', body)).statusCode).toBe(200);

    for (const release of held) release();
    for (const slot of queued) (await slot)();
    expect(limiter.active(ownerBusiness)).toBe(0);
    expect((await uploadCsv(owner, 'Name,Mail\nAda,ada@example.com\n')).statusCode).toBe(200);
    expect((await owner.post('/contacts/validate', body)).statusCode).toBe(200);
    expect((await owner.post('/contacts/import', body)).statusCode).toBe(202);
    // Each gave its slot back with its answer.
    expect(limiter.active(ownerBusiness)).toBe(0);
  });

  test('the error file defuses formulas, also behind blanks and invisible characters', async () => {
    const res = await owner.post('/contacts/validate', {
      data: [
        { Name: ' =HYPERLINK("http://x")', Mail: 'not-an-email' },
        { Name: '\u200b@SUM(A1)', Mail: 'also-not' },
        { Name: '+44 7700 900123', Mail: 'nope' },
      ],
      mapping,
    });
    expect(res.statusCode).toBe(200);
    const lines = (res.json().data.errorCsv as string).split('\r\n');
    expect(lines[1]).toMatch(/^2,"' =HYPERLINK\(""http:\/\/x""\)",not-an-email,/);
    expect(lines[2]).toMatch(/^3,'\u200b@SUM\(A1\),also-not,/);
    expect(lines[3]).toMatch(/^4,\+44 7700 900123,nope,/);
  });
});
