import { Agent, createTestApp, signedInAgent, type TestApp } from '../../../test/helpers';

describe('the task list (before the tasks module stores any)', () => {
  let t: TestApp;
  let owner: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    owner = (await signedInAgent(t.app)).agent;
  });
  afterAll(async () => {
    await t.close();
  });

  test('need a session', async () => {
    const anonymous = await new Agent(t.app).init();
    expect((await anonymous.get('/tasks?search=x')).statusCode).toBe(401);
  });

  test('answers the list shape the global search reads, with nothing in it', async () => {
    const tasks = await owner.get('/tasks?search=smith');
    expect(tasks.statusCode).toBe(200);
    expect(tasks.json()).toEqual({
      success: true,
      data: { tasks: [], pagination: { total: 0, page: 1, limit: 20, totalPages: 1 } },
    });
  });

  test('validate their query like every list', async () => {
    const res = await owner.get('/tasks?limit=1000');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  });
});
