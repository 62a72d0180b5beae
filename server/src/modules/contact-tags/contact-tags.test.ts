import { contactTagSchema, DEFAULT_TAG_COLOR } from '@atrium/domain-crm/schemas';
import { Agent, createTestApp, signedInAgent, type TestApp } from '../../../test/helpers';

describe('contact tags', () => {
  let t: TestApp;
  let owner: Agent;
  let other: Agent;

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
    expect((await anonymous.get('/contacts/tags')).statusCode).toBe(401);
    expect((await anonymous.post('/contacts/tags', { name: 'x' })).statusCode).toBe(401);
  });

  test('POST creates {_id,name,color}; GET lists A→Z ignoring case', async () => {
    const res = await owner.post('/contacts/tags', { name: ' vip ' });
    expect(res.statusCode).toBe(201);
    expect(contactTagSchema.strict().parse(res.json().data)).toEqual({
      _id: expect.any(String),
      name: 'vip',
      color: DEFAULT_TAG_COLOR,
    });
    await owner.post('/contacts/tags', { name: 'Lead', color: '#FF8800' });
    await owner.post('/contacts/tags', { name: 'cold' });
    const list = await owner.get('/contacts/tags');
    expect(list.statusCode).toBe(200);
    expect(list.json().success).toBe(true);
    expect(list.json().data.map((x: { name: string; color: string }) => [x.name, x.color])).toEqual([
      ['cold', DEFAULT_TAG_COLOR],
      ['Lead', '#ff8800'],
      ['vip', DEFAULT_TAG_COLOR],
    ]);
    expect((await other.get('/contacts/tags')).json().data).toEqual([]);
  });

  test('validation and uniqueness', async () => {
    const blank = await owner.post('/contacts/tags', { name: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details).toEqual([{ field: 'name', message: 'Tag name is required' }]);
    expect((await owner.post('/contacts/tags', { name: 'x', color: 'blue' })).json().details).toEqual([
      { field: 'color', message: 'Color must be a hex colour like #0ca678' },
    ]);
    const dup = await owner.post('/contacts/tags', { name: 'VIP' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ success: false, code: 'CONFLICT', error: 'A tag with this name already exists' });
    expect((await other.post('/contacts/tags', { name: 'vip' })).statusCode).toBe(201);
  });

  test('PUT renames / recolours; DELETE removes the tag from contacts; 404 outside the business', async () => {
    const tag = (await owner.post('/contacts/tags', { name: 'temp' })).json().data;
    const renamed = await owner.put(`/contacts/tags/${tag._id}`, { name: 'Temporary' });
    expect(renamed.json()).toEqual({ success: true, data: { _id: tag._id, name: 'Temporary', color: tag.color } });
    expect((await owner.put(`/contacts/tags/${tag._id}`, { color: '#000000' })).json().data.color).toBe('#000000');
    expect((await owner.put(`/contacts/tags/${tag._id}`, { name: 'vip' })).statusCode).toBe(409);
    expect((await owner.put(`/contacts/tags/${tag._id}`, { name: ' ' })).statusCode).toBe(400);

    const contact = (
      await owner.post('/contacts', { firstName: 'Tagged', email: 'tagged@example.com', tags: [tag._id] })
    ).json().data;
    expect(contact.tags).toEqual([tag._id]);

    for (const call of [
      () => other.put(`/contacts/tags/${tag._id}`, { name: 'mine' }),
      () => other.delete(`/contacts/tags/${tag._id}`),
    ]) {
      const r = await call();
      expect(r.statusCode).toBe(404);
      expect(r.json()).toEqual({ success: false, code: 'NOT_FOUND', error: 'Contact tag not found' });
    }
    // Another business cannot tag its contacts with this tag either.
    const foreign = await other.post('/contacts', { firstName: 'X', email: 'x@example.com', tags: [tag._id] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details).toEqual([{ field: 'tags.0', message: 'Contact tag not found' }]);

    expect((await owner.delete(`/contacts/tags/${tag._id}`)).json()).toEqual({ success: true });
    expect((await owner.get(`/contacts/${contact._id}`)).json().data.tags).toEqual([]);
    expect((await owner.delete(`/contacts/tags/${tag._id}`)).statusCode).toBe(404);
  });
});
