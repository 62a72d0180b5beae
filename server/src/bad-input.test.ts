import { createTestApp, qs, signedInAgent, type TestApp } from '../test/helpers';

/** Values the database cannot store are the caller's mistake: 400 with a field, never a 500. */
describe('input the database cannot hold', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  test('NUL characters anywhere (params, query, body, JSON filters) and out-of-range dates are 400', async () => {
    const { agent } = await signedInAgent(t.app);
    const contact = (await agent.post('/contacts', { firstName: 'a', email: 'a@b.co' })).json().data;
    const group = (await agent.post('/contact-groups', { name: 'g' })).json().data;
    const nulFilter = [{ conditions: [{ field: 'city', value: 'a\u0000b' }] }];
    const probes: [string, string, unknown, string][] = [
      ['GET', `/contacts?search=%00`, undefined, 'search'],
      ['GET', `/contacts/${encodeURIComponent('a\u0000')}`, undefined, 'id'],
      ['GET', `/contacts${qs({ filters: nulFilter })}`, undefined, 'filters.0.conditions.0.value'],
      ['POST', '/contact-groups', { name: 'x\u0000y' }, 'name'],
      ['POST', '/contacts/tags', { name: 'x\u0000y' }, 'name'],
      ['POST', '/notes', { entityType: 'contact', entityId: contact._id, content: '<p>a\u0000b</p>' }, 'content'],
      ['POST', `/contact-groups/${group._id}/assign-contacts`, { contactIds: ['a\u0000'] }, 'contactIds.0'],
      ['POST', '/contacts', { firstName: 'b', email: 'b@b.co', foundDate: '0000-01-01' }, 'foundDate'],
      [
        'PUT',
        `/contacts/${contact._id}`,
        { firstName: 'b', email: 'b@b.co', lastContact: '-000001-01-01' },
        'lastContact',
      ],
      [
        'PUT',
        `/contacts/${contact._id}`,
        { firstName: 'b', email: 'b@b.co', lastContact: '+275760-09-13' },
        'lastContact',
      ],
      ['GET', `/contacts${qs({ dateCreatedFrom: '0000-12-31' })}`, undefined, 'dateCreatedFrom'],
      ['GET', `/contact-groups?offset=1e300`, undefined, 'offset'],
    ];
    for (const [method, url, payload, field] of probes) {
      const res = await agent.request({ method: method as 'GET', url: `/api/v1${url}`, payload: payload as object });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 400 });
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    }
  });

  test('the extreme dates that can be stored work', async () => {
    const { agent } = await signedInAgent(t.app);
    const res = await agent.post('/contacts', { firstName: 'a', email: 'a@b.co', foundDate: '1000-01-01' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.foundDate).toBe('1000-01-01T00:00:00.000Z');
    const late = await agent.post('/contacts', { firstName: 'b', email: 'b@b.co', lastContact: '9999-12-31' });
    expect(late.json().data.lastContact).toBe('9999-12-31T00:00:00.000Z');
    const early = await agent.post('/contacts', { firstName: 'c', email: 'c@b.co', foundDate: '0999-12-31' });
    expect(early.json().details).toEqual([{ field: 'foundDate', message: 'Enter a valid date' }]);
    for (const params of [
      { dateCreatedTo: '9999-12-31' },
      { dateCreatedFrom: '0001-01-01' },
      { filters: [{ conditions: [{ field: 'lastContact', operator: 'lte', value: '9999-12-31' }] }] },
    ]) {
      expect((await agent.get(`/contacts${qs(params)}`)).statusCode).toBe(200);
    }
  });
});
