import type { ApiClient } from '@atrium/api-client';
import { contactFormsApi, publicFormsApi, responsesApi } from './forms';

/** A client that records every call and answers `{ data }`. */
function recording(data: unknown = { ok: true }) {
  const calls: { method: string; path: string; arg?: unknown; options?: unknown }[] = [];
  const answer = (method: string) => async (path: string, arg?: unknown, options?: unknown) => {
    calls.push({ method, path, arg, options });
    return { data, success: true };
  };
  const client = {
    get: answer('GET'),
    post: answer('POST'),
    put: answer('PUT'),
    delete: answer('DELETE'),
    upload: answer('UPLOAD'),
  } as unknown as ApiClient;
  return { client, calls };
}

describe('forms calls', () => {
  it('contact forms: paths, list params without blanks, answers unwrapped', async () => {
    const { client, calls } = recording({ _id: 'f1' });
    const api = contactFormsApi(client);
    await api.list({ page: 2, search: '', status: 'active' });
    expect(await api.get('f 1')).toEqual({ _id: 'f1' });
    await api.create({ name: 'Web' });
    await api.update('f1', { status: 'inactive' });
    await api.remove('f1');
    expect(calls.map((c) => [c.method, c.path])).toEqual([
      ['GET', 'contact-forms'],
      ['GET', 'contact-forms/f%201'],
      ['POST', 'contact-forms'],
      ['PUT', 'contact-forms/f1'],
      ['DELETE', 'contact-forms/f1'],
    ]);
    expect(calls[0]?.arg).toEqual({ page: '2', status: 'active' });
  });

  it('responses: list filters, one, delete, a questionnaire’s', async () => {
    const { client, calls } = recording([]);
    const api = responsesApi(client);
    await api.list({ formId: 'f1', search: 'ada' });
    await api.get('r1');
    await api.remove('r1');
    await api.ofDocument('d1');
    expect(calls.map((c) => [c.method, c.path])).toEqual([
      ['GET', 'responses'],
      ['GET', 'responses/r1'],
      ['DELETE', 'responses/r1'],
      ['GET', 'documents/d1/responses'],
    ]);
    expect(calls[0]?.arg).toEqual({ formId: 'f1', search: 'ada' });
  });

  it('public: the form, a submission, a questionnaire’s answers with the token in the query', async () => {
    const { client, calls } = recording({ message: 'Thanks' });
    const api = publicFormsApi(client);
    await api.get('p/1');
    const body = { contact: { firstName: 'Ada', email: 'ada@example.com' }, answers: { q: 'x' } };
    expect(await api.submit('p1', body)).toEqual({ message: 'Thanks' });
    await api.answerQuestionnaire('d1', 'tok+en', { answers: { q: 'x' } });
    expect(calls.map((c) => [c.method, c.path])).toEqual([
      ['GET', 'public/forms/p%2F1'],
      ['POST', 'public/forms/p1/submissions'],
      ['POST', 'public/documents/d1/responses'],
    ]);
    expect(calls[1]?.arg).toEqual(body);
    expect(calls[2]?.options).toEqual({ searchParams: { token: 'tok+en' } });
  });

  it('uploads a visitor’s file for a form or a questionnaire link in the multipart field "file"', async () => {
    const { client, calls } = recording({ fileId: 'f1', name: 'a.png', size: 1, type: 'image/png' });
    const api = publicFormsApi(client);
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    expect(await api.uploadFormFile('p/1', file)).toMatchObject({ fileId: 'f1' });
    await api.uploadQuestionnaireFile('d1', 'tok+en', file);
    expect(calls.map((c) => [c.method, c.path])).toEqual([
      ['UPLOAD', 'public/forms/p%2F1/files'],
      ['UPLOAD', 'public/documents/d1/files'],
    ]);
    expect(((calls[0]!.arg as FormData).get('file') as File).name).toBe('a.png');
    expect(calls[1]?.options).toEqual({ searchParams: { token: 'tok+en' } });
  });
});
