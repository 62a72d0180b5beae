import { createApiClient } from '@atrium/api-client';
import { contactImportApi } from './contact-import';
import { startServer, type TestServer } from '@atrium/api-client/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const api = () => contactImportApi(createApiClient({ baseUrl: server.url, readCookie: () => 'tok' }));

const uploadAnswer = {
  uploadId: 'u1',
  fileName: 'people.csv',
  headers: ['First Name', 'Email'],
  rowCount: 1,
  preview: [['Ada', 'ada@example.com']],
  suggestedMapping: { 'First Name': 'firstName', Email: 'email' },
  expiresAt: '2026-01-02T00:00:00.000Z',
};

const job = {
  jobId: 'j/1',
  status: 'running',
  resuming: false,
  processed: 1000,
  total: 2000,
  created: 990,
  updated: 5,
  unchanged: 0,
  skipped: 5,
  errors: [{ row: 7, field: 'email', message: 'Email address is required' }],
  errorCount: 5,
  failure: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  startedAt: '2026-01-01T00:00:01.000Z',
  finishedAt: null,
};

describe('contact import calls', () => {
  it('uploads the file as multipart field "file" with the CSRF header', async () => {
    server.on('POST', 'contacts/upload', { body: { success: true, data: uploadAnswer } });
    const file = new File(['First Name,Email\nAda,ada@example.com\n'], 'people.csv', { type: 'text/csv' });
    await expect(api().upload(file)).resolves.toEqual(uploadAnswer);
    const [call] = server.calls('POST', 'contacts/upload');
    expect(call!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(call!.headers['x-xsrf-token']).toBe('tok');
    expect(call!.body).toContain('Content-Disposition: form-data; name="file"; filename="people.csv"');
    expect(call!.body).toContain('Content-Type: text/csv');
    expect(call!.body).toContain('First Name,Email\nAda,ada@example.com\n');
  });

  it('names a bare Blob contacts.csv unless told otherwise', async () => {
    server.on('POST', 'contacts/upload', { body: { success: true, data: uploadAnswer } });
    await api().upload(new Blob(['a,b\n1,2\n'], { type: 'text/csv' }));
    await api().upload(new Blob(['a,b\n1,2\n']), 'mine.csv');
    const [first, second] = server.calls('POST', 'contacts/upload');
    expect(first!.body).toContain('filename="contacts.csv"');
    expect(second!.body).toContain('filename="mine.csv"');
  });

  it('rethrows a rejected upload with the server message (413, 400)', async () => {
    server.on('POST', 'contacts/upload', (_req, nth) =>
      nth === 1
        ? { status: 413, body: { success: false, code: 'VALIDATION_ERROR', error: 'The file is larger than 10 MB' } }
        : {
            status: 400,
            body: { success: false, code: 'VALIDATION_ERROR', error: 'The file must be UTF-8 encoded CSV' },
          },
    );
    await expect(api().upload(new Blob(['x']))).rejects.toMatchObject({
      status: 413,
      message: 'The file is larger than 10 MB',
    });
    await expect(api().upload(new Blob(['x']))).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'The file must be UTF-8 encoded CSV',
    });
  });

  it('validates with the upload id and mapping and answers the result', async () => {
    const result = {
      total: 3,
      valid: 2,
      invalid: 1,
      duplicates: 1,
      existing: 1,
      repeated: 0,
      errors: [{ row: 4, field: 'firstName', message: 'First name is required' }],
      errorCount: 1,
      errorCsv: 'Row,First Name,Email,Errors\r\n4,,x@example.com,First name is required\r\n',
    };
    server.on('POST', 'contacts/validate', { body: { success: true, data: result } });
    const mapping = { 'First Name': 'firstName', Email: 'email', Notes: null } as const;
    await expect(api().validate('u1', mapping)).resolves.toEqual(result);
    const [call] = server.calls('POST', 'contacts/validate');
    expect(JSON.parse(call!.body)).toEqual({ uploadId: 'u1', mapping });
    expect(call!.headers['content-type']).toMatch(/^application\/json/);
  });

  it('passes the mapping error through (Map a column to Email)', async () => {
    server.on('POST', 'contacts/validate', {
      status: 400,
      body: {
        success: false,
        code: 'VALIDATION_ERROR',
        error: 'Map a column to Email',
        details: [{ field: 'mapping', message: 'Map a column to Email' }],
      },
    });
    await expect(api().validate('u1', { Name: 'firstName' })).rejects.toMatchObject({
      status: 400,
      message: 'Map a column to Email',
      data: [{ field: 'mapping', message: 'Map a column to Email' }],
    });
  });

  it('starts an import (202) and answers the job id', async () => {
    server.on('POST', 'contacts/import', { status: 202, body: { success: true, data: { jobId: 'j/1' } } });
    await expect(api().start('u1', { Name: 'firstName', Mail: 'email' })).resolves.toBe('j/1');
    expect(JSON.parse(server.calls('POST', 'contacts/import')[0]!.body)).toEqual({
      uploadId: 'u1',
      mapping: { Name: 'firstName', Mail: 'email' },
    });
  });

  it('reads a job by its encoded id; a 404 rejects', async () => {
    server.on('GET', 'contacts/import/j%2F1', { body: { success: true, data: job } });
    await expect(api().status('j/1')).resolves.toEqual(job);
    server.on('GET', 'contacts/import/gone', {
      status: 404,
      body: { success: false, code: 'NOT_FOUND', error: 'Import not found' },
    });
    await expect(api().status('gone')).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});
