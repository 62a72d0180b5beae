import { count, eq, sql } from 'drizzle-orm';
import {
  CONTACT_IMPORT_MAX_FILE_BYTES,
  contactSchema,
  contactUploadResultSchema,
  contactValidateResultSchema,
} from '@atrium/domain-crm/schemas';
import { contactImportJobs, contactImportUploads, contacts } from '../../db/schema';
import { Agent, createTestApp, signedInAgent, type TestApp } from '../../../test/helpers';
import { contactsCsv, multipartFile, uploadCsv, waitForJob } from './test-utils';

describe('contact import routes', () => {
  let t: TestApp;
  let owner: Agent;
  let ownerBusiness: string;
  let other: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    const signed = await signedInAgent(t.app);
    owner = signed.agent;
    ownerBusiness = signed.body.user.businessId;
    other = (await signedInAgent(t.app)).agent;
  });
  afterAll(async () => {
    await t.close();
  });

  const uploadCount = async () => (await t.database.db.select({ n: count() }).from(contactImportUploads))[0]!.n;

  const upload = async (agent: Agent, content: Buffer | string) => {
    const res = await uploadCsv(agent, content);
    if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
    return contactUploadResultSchema.strict().parse(res.json().data);
  };

  const createContact = async (agent: Agent, input: Record<string, unknown>) => {
    const res = await agent.post('/contacts', input);
    if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
    return contactSchema.parse(res.json().data);
  };

  const errorOf = (res: { statusCode: number; json(): unknown }) => ({
    status: res.statusCode,
    error: (res.json() as { error: string }).error,
  });

  test('every route needs a session', async () => {
    const anonymous = await new Agent(t.app).init();
    expect((await uploadCsv(anonymous, 'a,b\n1,2\n')).statusCode).toBe(401);
    expect((await anonymous.post('/contacts/validate', { uploadId: 'x', mapping: {} })).statusCode).toBe(401);
    expect((await anonymous.post('/contacts/import', { uploadId: 'x', mapping: {} })).statusCode).toBe(401);
    expect((await anonymous.get('/contacts/import/x')).statusCode).toBe(401);
  });

  describe('POST /contacts/upload', () => {
    test('parses a UTF-8 file with a BOM, CRLF and quoted cells; answers headers, count, preview, suggestion', async () => {
      const csv =
        '\ufeffFirst Name,last_name,E-mail,Notes,Shoe size\r\n' +
        'Zoë,Ångström,zoe@example.com,"Likes ""tea"", and\r\nbiscuits",42\r\n' +
        Array.from({ length: 6 }, (_, i) => `P${i},L${i},p${i}@example.com,,${i}`).join('\r\n') +
        '\r\n';
      const before = Date.now();
      const data = await upload(owner, csv);
      expect(data.headers).toEqual(['First Name', 'last_name', 'E-mail', 'Notes', 'Shoe size']);
      expect(data.rowCount).toBe(7);
      expect(data.fileName).toBe('contacts.csv');
      expect(data.preview).toHaveLength(5);
      expect(data.preview[0]).toEqual(['Zoë', 'Ångström', 'zoe@example.com', 'Likes "tea", and\r\nbiscuits', '42']);
      expect(data.suggestedMapping).toEqual({
        'First Name': 'firstName',
        last_name: 'lastName',
        'E-mail': 'email',
        Notes: 'notes',
        'Shoe size': null,
      });
      const expires = new Date(data.expiresAt).getTime();
      expect(expires - before).toBeGreaterThan(23.9 * 3600_000);
      expect(expires - before).toBeLessThan(24.1 * 3600_000);
    });

    test('reads semicolon- and tab-separated files, pads short rows, skips blank lines, names blank columns', async () => {
      const semi = await upload(owner, 'Name;Email;;\nAda;ada@example.com\n\n;;;\nBob;bob@example.com;x\n');
      expect(semi.headers).toEqual(['Name', 'Email', 'Column 3']);
      expect(semi.rowCount).toBe(2);
      expect(semi.preview).toEqual([
        ['Ada', 'ada@example.com', ''],
        ['Bob', 'bob@example.com', 'x'],
      ]);
      const tab = await upload(owner, 'Name\tEmail\tEmail\nAda\tada@example.com\tother@example.com\n');
      expect(tab.headers).toEqual(['Name', 'Email', 'Email (2)']);
      expect(tab.suggestedMapping).toEqual({ Name: null, Email: 'email', 'Email (2)': null });
    });

    test.each([
      ['Latin-1 bytes', Buffer.from('First Name,Email\nCaf\xe9,cafe@example.com\n', 'latin1')],
      ['UTF-16 with a BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('First Name,Email\n', 'utf16le')])],
      ['UTF-16 without a BOM', Buffer.from('First Name,Email\nAda,ada@example.com\n', 'utf16le')],
    ])('rejects %s: 400 The file must be UTF-8 encoded CSV, nothing stored', async (_name, bytes) => {
      const before = await uploadCount();
      const res = await uploadCsv(owner, bytes);
      expect(errorOf(res)).toEqual({ status: 400, error: 'The file must be UTF-8 encoded CSV' });
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(await uploadCount()).toBe(before);
    });

    test.each([
      [
        'no header row (data first)',
        'Ada,Lovelace,ada@example.com\nBob,Smith,bob@example.com\n',
        'The first row must hold the column names (a header row)',
      ],
      ['a header and no rows', 'First Name,Email\r\n', 'The file has no rows'],
      ['a header and blank lines only', 'First Name,Email\n\n,\n', 'The file has no rows'],
      ['an empty file', '', 'The file has no rows'],
      [
        'an unclosed quote',
        'First Name,Email\n"Ada,ada@example.com\n',
        'The file is not valid CSV: a quoted value is never closed (line 2)',
      ],
    ])('rejects %s', async (_name, csv, message) => {
      expect(errorOf(await uploadCsv(owner, csv))).toEqual({ status: 400, error: message });
    });

    test('rejects a file over 10 MB with 413 and stores nothing', async () => {
      const before = await uploadCount();
      const big = Buffer.alloc(CONTACT_IMPORT_MAX_FILE_BYTES + 1, 'a');
      big.write('First Name,Email\n');
      const res = await uploadCsv(owner, big);
      expect(errorOf(res)).toEqual({ status: 413, error: 'The file is larger than 10 MB' });
      expect(await uploadCount()).toBe(before);
      // The connection and the app stay fine.
      expect((await uploadCsv(owner, 'First Name,Email\nAda,ada@example.com\n')).statusCode).toBe(200);
    });

    test('rejects files that are not CSV, a missing file part, and a non-multipart body', async () => {
      const xlsx = multipartFile('contacts.xlsx', 'PK\u0003\u0004', {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      });
      const notCsv = await owner.post('/contacts/upload', xlsx.payload, { headers: xlsx.headers });
      expect(errorOf(notCsv)).toEqual({ status: 415, error: 'Choose a .csv file' });
      expect(notCsv.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
      // Windows browsers label .csv as application/vnd.ms-excel: the name decides.
      const excelCsv = multipartFile('list.CSV', 'First Name,Email\nAda,ada@example.com\n', {
        type: 'application/vnd.ms-excel',
      });
      expect((await owner.post('/contacts/upload', excelCsv.payload, { headers: excelCsv.headers })).statusCode).toBe(
        200,
      );
      const wrongField = multipartFile('contacts.csv', 'a,b\n1,2\n', { field: 'upload' });
      expect(
        errorOf(await owner.post('/contacts/upload', wrongField.payload, { headers: wrongField.headers })),
      ).toEqual({ status: 400, error: 'Choose a CSV file to upload' });
      expect(errorOf(await owner.post('/contacts/upload', { file: 'First Name,Email' }))).toEqual({
        status: 400,
        error: 'Choose a CSV file to upload',
      });
    });
  });

  describe('POST /contacts/validate', () => {
    const mapping = { 'First Name': 'firstName', Email: 'email', Website: 'blog', Founded: 'foundDate' };
    const header = 'First Name,Email,Website,Founded';

    test.each([
      [
        { 'First Name': 'firstName' },
        'Map a column to Email',
        [{ field: 'mapping', message: 'Map a column to Email' }],
      ],
      [{ Email: 'email' }, 'Map a column to First name', [{ field: 'mapping', message: 'Map a column to First name' }]],
      [
        { ...mapping, Website: 'shoeSize' },
        'Unknown contact field "shoeSize"',
        [{ field: 'mapping.Website', message: 'Unknown contact field "shoeSize"' }],
      ],
      [
        { ...mapping, Website: 'email' },
        'Email is already mapped from column "Email"',
        [{ field: 'mapping.Website', message: 'Email is already mapped from column "Email"' }],
      ],
      [
        { ...mapping, Phone: 'phoneNumber' },
        'Column "Phone" is not in the file',
        [{ field: 'mapping.Phone', message: 'Column "Phone" is not in the file' }],
      ],
    ])('rejects the mapping %j', async (bad, message, details) => {
      const { uploadId } = await upload(owner, `${header}\nAda,ada@example.com,,\n`);
      for (const route of ['/contacts/validate', '/contacts/import']) {
        const res = await owner.post(route, { uploadId, mapping: bad });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ success: false, code: 'VALIDATION_ERROR', error: message, details });
      }
    });

    test('counts valid, invalid and duplicate rows with the form messages, and builds the error file', async () => {
      await createContact(owner, { firstName: 'Existing', email: 'known@example.com' });
      await createContact(other, { firstName: 'Elsewhere', email: 'elsewhere@example.com' });
      const csv = [
        header,
        'Ada,ada@example.com,https://ada.dev,1843-01-01', // row 2: valid, new
        'Known,KNOWN@Example.com,,', // row 3: valid, already in the business (any case)
        ',nofirst@example.com,,', // row 4: first name missing
        'Bad,bad.example.com,,', // row 5: email without @
        'Url,url@example.com,ada.dev,', // row 6: not a URL
        'Date,date@example.com,,not a date', // row 7: not a date
        'Again,ADA@example.com,,', // row 8: repeats row 2
        'Elsewhere,elsewhere@example.com,,', // row 9: another business's email is new here
        'Formula,"=HYPERLINK(""x"")",,', // row 10: email is a formula
      ].join('\n');
      const { uploadId } = await upload(owner, csv);
      const res = await owner.post('/contacts/validate', { uploadId, mapping: { ...mapping, Ignored: null } });
      expect(res.statusCode).toBe(200);
      const data = contactValidateResultSchema.strict().parse(res.json().data);
      expect(data).toMatchObject({ total: 9, valid: 4, invalid: 5, duplicates: 2, existing: 1, repeated: 1 });
      expect(data.errors).toEqual([
        { row: 4, field: 'firstName', message: 'First name is required' },
        { row: 5, field: 'email', message: 'Email address must contain @ symbol' },
        { row: 6, field: 'blog', message: 'Enter a full profile URL starting with http:// or https://' },
        { row: 7, field: 'foundDate', message: 'Enter a valid date' },
        { row: 8, field: 'email', message: 'Duplicate email: same as row 2 of this file' },
        { row: 10, field: 'email', message: 'Email address must contain @ symbol' },
      ]);
      expect(data.errorCount).toBe(6);
      expect(data.errorCsv.split('\r\n')).toEqual([
        'Row,First Name,Email,Website,Founded,Errors',
        '4,,nofirst@example.com,,,First name is required',
        '5,Bad,bad.example.com,,,Email address must contain @ symbol',
        '6,Url,url@example.com,ada.dev,,Enter a full profile URL starting with http:// or https://',
        '7,Date,date@example.com,,not a date,Enter a valid date',
        '8,Again,ADA@example.com,,,Duplicate email: same as row 2 of this file',
        `10,Formula,"'=HYPERLINK(""x"")",,,Email address must contain @ symbol`,
        '',
      ]);
    });

    test('numbers rows as the spreadsheet does when blank rows sit between them (validation, error file, job)', async () => {
      const csv = ['First Name,Email', 'Ada,blank.rows.ada@example.com', '', ',,', 'Bad,not-an-email', ''].join('\n');
      const { uploadId } = await upload(owner, csv);
      const rowMapping = { 'First Name': 'firstName', Email: 'email' };
      const data = (await owner.post('/contacts/validate', { uploadId, mapping: rowMapping })).json().data;
      expect(data.errors).toEqual([{ row: 5, field: 'email', message: 'Email address must contain @ symbol' }]);
      expect(data.errorCsv.split('\r\n')[1]).toBe('5,Bad,not-an-email,Email address must contain @ symbol');
      const start = await owner.post('/contacts/import', { uploadId, mapping: rowMapping });
      const job = await waitForJob(owner, start.json().data.jobId);
      expect(job).toMatchObject({ status: 'completed', created: 1, skipped: 1 });
      expect(job.errors).toEqual([{ row: 5, field: 'email', message: 'Email address must contain @ symbol' }]);
      const sent = await owner.post('/contacts/validate', {
        data: [
          { Name: 'A', Mail: 'a@example.com' },
          { Name: '', Mail: null },
          { Name: 'B', Mail: 'b' },
        ],
        mapping: { Name: 'firstName', Mail: 'email' },
      });
      expect(sent.json().data.errors.map((e: { row: number }) => e.row)).toEqual([4]);
    });

    test('validates rows sent as data, without an upload', async () => {
      const res = await owner.post('/contacts/validate', {
        data: [
          { Name: 'Ada', Mail: 'ada2@example.com', Age: 36 },
          { Name: '', Mail: 'x@example.com', Age: null },
        ],
        mapping: { Name: 'firstName', Mail: 'email' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ total: 2, valid: 1, invalid: 1, errorCount: 1 });
      const bad = await owner.post('/contacts/validate', { mapping: { Name: 'firstName', Mail: 'email' } });
      expect(errorOf(bad)).toEqual({ status: 400, error: 'Validation failed' });
      expect(bad.json().details).toEqual([{ field: 'uploadId', message: 'Send either uploadId or data' }]);
    });

    test("another business's upload, an unknown one and an expired one are 404", async () => {
      const { uploadId } = await upload(owner, `${header}\nAda,ada@example.com,,\n`);
      const notFound = { status: 404, error: 'Upload not found or expired. Upload the file again.' };
      expect(errorOf(await other.post('/contacts/validate', { uploadId, mapping }))).toEqual(notFound);
      expect(errorOf(await other.post('/contacts/import', { uploadId, mapping }))).toEqual(notFound);
      expect(errorOf(await owner.post('/contacts/validate', { uploadId: 'nope', mapping }))).toEqual(notFound);
      await t.database.db
        .update(contactImportUploads)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(contactImportUploads.id, uploadId));
      expect(errorOf(await owner.post('/contacts/validate', { uploadId, mapping }))).toEqual(notFound);
    });
  });

  describe('POST /contacts/import', () => {
    const emailsOf = async (businessId: string) =>
      (
        await t.database.db
          .select({ email: contacts.email, n: count() })
          .from(contacts)
          .where(eq(contacts.businessId, businessId))
          .groupBy(contacts.email)
      ).filter((r) => r.n > 1);

    test('imports in the background: creates, updates duplicates by email, skips invalid rows; a re-run changes nothing', async () => {
      const existing = await createContact(owner, {
        firstName: 'Grace',
        lastName: 'Hopper',
        email: 'grace@example.com',
        phoneNumber: '555 0001',
        city: 'Arlington',
      });
      const csv = [
        'First Name,Last Name,Email,Phone,Status,City',
        'Grace,Brewster Hopper,GRACE@example.com,,inactive,', // update: last name + status; blank phone/city kept
        'Alan,Turing,alan@example.com,555 0002,,', // create
        'Katherine,Johnson,katherine@example.com,,Active,Hampton', // create
        ',Nobody,nobody@example.com,,,', // invalid
        'Alan,Again,Alan@Example.com,,,', // repeats row 3: skipped
        'Bad,Status,status@example.com,,Gone,', // invalid status
      ].join('\n');
      const { uploadId } = await upload(owner, csv);
      const mapping = {
        'First Name': 'firstName',
        'Last Name': 'lastName',
        Email: 'email',
        Phone: 'phoneNumber',
        Status: 'status',
        City: 'city',
      };
      const start = await owner.post('/contacts/import', { uploadId, mapping });
      expect(start.statusCode).toBe(202);
      expect(start.json()).toEqual({ success: true, data: { jobId: expect.any(String) } });
      const job = await waitForJob(owner, start.json().data.jobId);
      expect(job).toMatchObject({
        status: 'completed',
        processed: 6,
        total: 6,
        created: 2,
        updated: 1,
        unchanged: 0,
        skipped: 3,
        errorCount: 3,
        failure: null,
      });
      expect(job.errors.map((e) => [e.row, e.field])).toEqual([
        [5, 'firstName'],
        [6, 'email'],
        [7, 'status'],
      ]);
      expect(job.errors[1]!.message).toBe('Duplicate email: same as row 3 of this file');
      expect(job.startedAt).not.toBeNull();
      expect(job.finishedAt).not.toBeNull();

      const grace = contactSchema.parse((await owner.get(`/contacts/${existing._id}`)).json().data);
      expect(grace).toMatchObject({
        firstName: 'Grace',
        lastName: 'Brewster Hopper',
        email: 'grace@example.com',
        phoneNumber: '555 0001',
        city: 'Arlington',
        status: 'Inactive',
      });
      const list = (await owner.get('/contacts?search=alan')).json();
      expect(list.data).toHaveLength(1);
      expect(list.data[0]).toMatchObject({ firstName: 'Alan', lastName: 'Turing', phoneNumber: '555 0002' });
      expect((await owner.get('/contacts?search=katherine')).json().data[0].status).toBe('Active');
      expect(await emailsOf(ownerBusiness)).toEqual([]);

      const stamp = async () =>
        (await t.database.db.select({ at: contacts.updatedAt }).from(contacts).where(eq(contacts.id, existing._id)))[0]!
          .at;
      const before = await stamp();
      const rerun = await owner.post('/contacts/import', { uploadId, mapping });
      expect(rerun.json().data.jobId).not.toBe(start.json().data.jobId);
      const again = await waitForJob(owner, rerun.json().data.jobId);
      expect(again).toMatchObject({ status: 'completed', created: 0, updated: 0, unchanged: 3, skipped: 3 });
      expect(await stamp()).toEqual(before);
      expect(await emailsOf(ownerBusiness)).toEqual([]);
    });

    test('of rows with the same email, the first valid one is imported and the later ones skipped', async () => {
      const csv = [
        'Name,Mail',
        ',dup@example.com',
        'Valid,DUP@example.com',
        'Later, dup@example.com ',
        'Solo,solo@example.com',
      ];
      const { uploadId } = await upload(owner, csv.join('\n'));
      const mapping = { Name: 'firstName', Mail: 'email' };
      const validate = (await owner.post('/contacts/validate', { uploadId, mapping })).json().data;
      expect(validate).toMatchObject({ total: 4, valid: 3, invalid: 1, repeated: 1, existing: 0 });
      const job = await waitForJob(
        owner,
        (await owner.post('/contacts/import', { uploadId, mapping })).json().data.jobId,
      );
      expect(job).toMatchObject({ created: 2, skipped: 2 });
      expect(job.errors).toEqual([
        { row: 2, field: 'firstName', message: 'First name is required' },
        { row: 4, field: 'email', message: 'Duplicate email: same as row 3 of this file' },
      ]);
      expect(
        (await owner.get('/contacts?search=dup@example.com'))
          .json()
          .data.map((c: { firstName: string }) => c.firstName),
      ).toEqual(['Valid']);
    });

    test("imports rows sent as data; another business's job is 404", async () => {
      const start = await owner.post('/contacts/import', {
        data: [{ Name: 'Data', Mail: 'data.row@example.com' }],
        mapping: { Name: 'firstName', Mail: 'email' },
      });
      expect(start.statusCode).toBe(202);
      const { jobId } = start.json().data;
      expect(await waitForJob(owner, jobId)).toMatchObject({ status: 'completed', created: 1, total: 1 });
      expect(errorOf(await other.get(`/contacts/import/${jobId}`))).toEqual({ status: 404, error: 'Import not found' });
      expect(errorOf(await owner.get('/contacts/import/unknown'))).toEqual({ status: 404, error: 'Import not found' });
      expect((await other.get('/contacts?search=data.row')).json().data).toHaveLength(0);
    });

    test('two identical starts at once (a double click) make one job', async () => {
      const { uploadId } = await upload(owner, 'First Name,Email\nTwice,twice.started@example.com\n');
      const body = { uploadId, mapping: { 'First Name': 'firstName', Email: 'email' } };
      const [a, b] = await Promise.all([owner.post('/contacts/import', body), owner.post('/contacts/import', body)]);
      expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
      expect(a.json().data.jobId).toBe(b.json().data.jobId);
      const [jobs] = await t.database.db
        .select({ n: count() })
        .from(contactImportJobs)
        .where(eq(contactImportJobs.uploadId, uploadId));
      expect(jobs!.n).toBe(1);
      await waitForJob(owner, a.json().data.jobId);
    });

    test('rows sent as data may be mapped by the keys as sent (untrimmed, blank) or by their stored names', async () => {
      const data = [{ ' Name ': 'Keyed', '': 'keyed.rows@example.com' }];
      const byKeys = await owner.post('/contacts/validate', { data, mapping: { ' Name ': 'firstName', '': 'email' } });
      expect(byKeys.statusCode).toBe(200);
      expect(byKeys.json().data).toMatchObject({ total: 1, valid: 1, invalid: 0 });
      const byNames = await owner.post('/contacts/validate', {
        data,
        mapping: { Name: 'firstName', 'Column 2': 'email' },
      });
      expect(byNames.json().data).toMatchObject({ total: 1, valid: 1 });
      const start = await owner.post('/contacts/import', { data, mapping: { ' Name ': 'firstName', '': 'email' } });
      expect(start.statusCode).toBe(202);
      expect(await waitForJob(owner, start.json().data.jobId)).toMatchObject({ status: 'completed', created: 1 });
    });

    test('rows sent as data with a mapping the server refuses store nothing', async () => {
      const before = await uploadCount();
      const res = await owner.post('/contacts/import', {
        data: [{ Name: 'Data', Mail: 'refused.mapping@example.com' }],
        mapping: { Name: 'firstName', Nope: 'email' },
      });
      expect(res.statusCode).toBe(400);
      expect(await uploadCount()).toBe(before);
    });

    test('rows sent as data with more than 500 columns, or half an emoji, are a 400', async () => {
      const wide = Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`c${i}`, 'x']));
      const tooWide = await owner.post('/contacts/import', { data: [wide], mapping: { c0: 'email' } });
      expect(errorOf(tooWide)).toEqual({ status: 400, error: 'The file has more than 500 columns' });
      const broken = await owner.post('/contacts/import', {
        data: [{ Name: 'Ana \ud83d', Mail: 'half.emoji@example.com' }],
        mapping: { Name: 'firstName', Mail: 'email' },
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json().details).toEqual([
        { field: 'data.0.Name', message: 'Text must not contain broken characters (half of an emoji or symbol)' },
      ]);
      const whole = await owner.post('/contacts/import', {
        data: [{ Name: 'Ana \ud83d\ude00', Mail: 'whole.emoji@example.com' }],
        mapping: { Name: 'firstName', Mail: 'email' },
      });
      expect(whole.statusCode).toBe(202);
      expect(await waitForJob(owner, whole.json().data.jobId)).toMatchObject({ status: 'completed', created: 1 });
    });

    test('2,000 rows in two batches, then the same file again updates nothing', async () => {
      const { uploadId, rowCount } = await upload(owner, contactsCsv(2000, 10_000));
      expect(rowCount).toBe(2000);
      const mapping = {
        'First Name': 'firstName',
        'Last Name': 'lastName',
        Email: 'email',
        Phone: 'phoneNumber',
        Company: 'business',
      };
      const validate = await owner.post('/contacts/validate', { uploadId, mapping });
      expect(validate.json().data).toMatchObject({ total: 2000, valid: 2000, invalid: 0, duplicates: 0, errorCsv: '' });
      const first = await waitForJob(
        owner,
        (await owner.post('/contacts/import', { uploadId, mapping })).json().data.jobId,
      );
      expect(first).toMatchObject({ status: 'completed', processed: 2000, created: 2000, updated: 0, skipped: 0 });
      const second = await waitForJob(
        owner,
        (await owner.post('/contacts/import', { uploadId, mapping })).json().data.jobId,
      );
      expect(second).toMatchObject({ status: 'completed', created: 0, updated: 0, unchanged: 2000 });
      const revalidate = await owner.post('/contacts/validate', { uploadId, mapping });
      expect(revalidate.json().data).toMatchObject({ valid: 2000, duplicates: 2000, existing: 2000 });
      const [{ n }] = (await t.database.db
        .select({ n: count() })
        .from(contacts)
        .where(
          sql`${contacts.businessId} = ${ownerBusiness} AND ${contacts.email} LIKE 'person1____@example.com'`,
        )) as [{ n: number }];
      expect(n).toBe(2000);
    });
  });
});
