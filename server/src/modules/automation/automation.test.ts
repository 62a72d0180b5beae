import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Automation, AutomationRun } from '@atrium/domain-comms/automation';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { automationRuns, automations, domainEvents } from '../../db/schema';
import { DomainEventOutbox } from '../../lib/domain-events';
import type { MailSender, OutgoingMail } from '../../lib/mail-sender-port';
import {
  Agent,
  createTestDatabase,
  dataOf,
  errorOf,
  signedInAgent,
  testMailer,
  type TestDatabase,
} from '../../../test/helpers';
import { AutomationRepository } from './automation.repository';
import { AutomationService, type AutomationDeps } from './automation.service';
import { AUTOMATION_DATE_FIELDS } from '@atrium/domain-comms/automation';

class FakeSender implements MailSender {
  sent: OutgoingMail[] = [];
  async sendAs(_userId: string, _businessId: string, mail: OutgoingMail) {
    this.sent.push(mail);
    return { messageId: 'm', threadId: 't', rfcMessageId: '<m@atrium>' };
  }
  async canSend() {
    return true;
  }
}

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > end) throw new Error(`timed out; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const unique = () => randomBytes(4).toString('hex');

describe('automations', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  const sender = new FakeSender();
  let owner: Agent;
  let ownerIds: { id: string; businessId: string };
  let other: Agent;
  let otherIds: { id: string; businessId: string };

  beforeAll(async () => {
    db = await createTestDatabase();
    const config = loadConfig({
      DATA_DIR: '/nonexistent/atrium-test-data',
      WEB_DIR: '/nonexistent/atrium-test-web',
      REGISTER_RATE_LIMIT: '1000',
      LOG_LEVEL: 'silent',
      APP_URL: 'https://atrium.test',
    });
    app = await buildApp({
      config,
      database: db.handle,
      secret: randomBytes(32).toString('base64url'),
      logger: false,
      mailer: testMailer(),
      campaigns: { mailSender: sender },
    });
    await app.ready();
    const o = await signedInAgent(app);
    owner = o.agent;
    ownerIds = o.body.user;
    const x = await signedInAgent(app);
    other = x.agent;
    otherIds = x.body.user;
  });

  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const create = async (agent: Agent, body: object) =>
    dataOf(await agent.post('/automations', body), 201) as Automation;
  const runsOf = async (agent: Agent, id: string) =>
    dataOf(await agent.get(`/automations/${id}/runs`)) as AutomationRun[];
  const newContact = async (agent: Agent, email = `c.${unique()}@example.com`, firstName = 'Grace') =>
    dataOf(await agent.post('/contacts', { firstName, lastName: 'Hopper', email }), 201) as { _id: string };

  it('refuses bad input with clear messages and stores nothing', async () => {
    const noSteps = errorOf(await owner.post('/automations', { name: 'A', trigger: 'contact.created', steps: [] }));
    expect(noSteps.status).toBe(400);
    expect(noSteps.details).toContainEqual({ field: 'steps', message: 'Add at least one step' });

    const badField = errorOf(
      await owner.post('/automations', {
        name: 'A',
        trigger: 'contact.created',
        conditions: [{ field: 'amount', operator: 'equals', value: '1' }],
        steps: [{ type: 'wait', days: 1 }],
      }),
    );
    expect(badField.status).toBe(400);
    expect(badField.details).toContainEqual({
      field: 'conditions.0.field',
      message: 'The trigger contact.created has no field "amount"',
    });

    const noValue = errorOf(
      await owner.post('/automations', {
        name: 'A',
        trigger: 'contact.created',
        conditions: [{ field: 'email', operator: 'equals', value: '' }],
        steps: [{ type: 'wait', days: 1 }],
      }),
    );
    expect(noValue.details).toContainEqual({ field: 'conditions.0.value', message: 'Enter a value to compare' });

    const badWait = errorOf(
      await owner.post('/automations', { name: 'A', trigger: 'contact.created', steps: [{ type: 'wait', days: 0 }] }),
    );
    expect(badWait.details).toContainEqual({ field: 'steps.0.days', message: 'Wait between 1 and 365 days' });

    // Another business's group and a user who is not a member are refused by name.
    const theirGroup = dataOf(await other.post('/contact-groups', { name: `G ${unique()}` }), 201) as { _id: string };
    const foreign = errorOf(
      await owner.post('/automations', {
        name: 'A',
        trigger: 'contact.created',
        steps: [
          { type: 'add_to_group', groupId: theirGroup._id },
          { type: 'notify_member', userId: otherIds.id, message: 'Hi' },
        ],
      }),
    );
    expect(foreign.status).toBe(400);
    expect(foreign.details).toEqual([
      { field: 'steps.0.groupId', message: 'Group not found' },
      { field: 'steps.1.userId', message: 'That member is not in this business' },
    ]);
    expect(dataOf(await owner.get('/automations'))).toEqual([]);
  });

  it('contact created → create a task: one run with each step’s result, the task linked to the contact', async () => {
    const automation = await create(owner, {
      name: 'Call new contacts',
      trigger: 'contact.created',
      steps: [
        { type: 'create_task', title: 'Call the new contact', priority: 'high', dueInDays: 2 },
        { type: 'notify_member', userId: ownerIds.id, message: 'A new contact to call' },
      ],
    });
    expect(automation).toMatchObject({ name: 'Call new contacts', enabled: true, runCount: 0 });
    const contact = await newContact(owner);
    const [run] = await waitFor(
      () => runsOf(owner, automation._id),
      (r) => r.length === 1 && r[0]!.status === 'completed',
    );
    expect(run).toMatchObject({ eventType: 'contact.created', recordId: contact._id, nextStep: 2, error: null });
    expect(run!.results.map((r) => [r.step, r.type, r.status])).toEqual([
      [0, 'create_task', 'done'],
      [1, 'notify_member', 'done'],
    ]);
    const { tasks } = dataOf(await owner.get('/tasks?limit=100')) as {
      tasks: { _id: string; title: string; priority: string; contactIds: string[]; dueDate: string | null }[];
    };
    const created = tasks.filter((t) => t.title === 'Call the new contact');
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ priority: 'high', contactIds: [contact._id] });
    expect(created[0]!.dueDate).not.toBeNull();
    expect(run!.results[0]!.message).toBe(`Created task "Call the new contact" (${created[0]!._id})`);

    const listed = dataOf(await owner.get('/automations')) as Automation[];
    expect(listed.find((a) => a._id === automation._id)).toMatchObject({ runCount: 1 });
    // The other business's contacts start nothing here; its member cannot see these runs.
    await newContact(other);
    expect(errorOf(await other.get(`/automations/${automation._id}/runs`)).status).toBe(404);
    await owner.delete(`/automations/${automation._id}`);
  });

  it('conditions decide; a refused write (e-mail taken) triggers nothing; the event never runs twice', async () => {
    const automation = await create(owner, {
      name: 'VIP',
      trigger: 'contact.created',
      conditions: [{ field: 'email', operator: 'contains', value: '@VIP.test' }],
      steps: [{ type: 'send_email', templateId: await template() }],
    });
    await newContact(owner, `plain.${unique()}@example.com`);
    const vip = `ada.${unique()}@vip.test`;
    await newContact(owner, vip, 'Ada');
    expect((await owner.post('/contacts', { firstName: 'Ada', email: vip })).statusCode).toBe(409);
    const [run] = await waitFor(
      () => runsOf(owner, automation._id),
      (r) => r.length >= 1 && r[0]!.status === 'completed',
    );
    expect(sender.sent.filter((m) => m.to[0] === vip)).toHaveLength(1);
    expect(sender.sent.find((m) => m.to[0] === vip)!.subject).toBe('Hello Ada');

    // The same event dispatched again (its outbox row put back as pending) starts no second run.
    await db.handle.db.update(domainEvents).set({ dispatchedAt: null }).where(eq(domainEvents.recordId, run!.recordId));
    await waitFor(
      async () => (await db.handle.db.select().from(domainEvents).where(eq(domainEvents.recordId, run!.recordId)))[0]!,
      (e) => e.dispatchedAt !== null,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(await runsOf(owner, automation._id)).toHaveLength(1);
    expect(sender.sent.filter((m) => m.to[0] === vip)).toHaveLength(1);
    await owner.delete(`/automations/${automation._id}`);
  });

  async function template(): Promise<string> {
    const body = {
      name: `T ${unique()}`,
      subject: 'Hello {{contact.firstName}}',
      blocks: [{ id: 'h', type: 'heading', text: 'Hi' }],
    };
    return (dataOf(await owner.post('/email-templates', body), 201) as { _id: string })._id;
  }

  it('loop backstop: an event raised through too many hops, or by the automation’s own run, starts nothing', async () => {
    const automation = await create(owner, {
      name: 'Loop guard',
      trigger: 'contact.created',
      steps: [{ type: 'notify_member', userId: ownerIds.id, message: 'x' }],
    });
    const contact = await newContact(owner);
    await waitFor(
      () => runsOf(owner, automation._id),
      (r) => r.length === 1,
    );
    const base = { businessId: ownerIds.businessId, type: 'contact.created', recordId: contact._id, record: {} };
    await db.handle.db.insert(domainEvents).values([
      { ...base, depth: 3 },
      { ...base, depth: 1, sourceAutomationId: automation._id },
    ]);
    await waitFor(
      async () => db.handle.db.select().from(domainEvents).where(eq(domainEvents.recordId, contact._id)),
      (rows) => rows.every((e) => e.dispatchedAt !== null),
    );
    expect(await runsOf(owner, automation._id)).toHaveLength(1);
    await owner.delete(`/automations/${automation._id}`);
  });

  it('a run is never done twice: a finished run is left alone; a step a stopped run was in is marked unknown, not repeated', async () => {
    const automation = await create(owner, {
      name: 'Twice',
      trigger: 'contact.created',
      enabled: false,
      steps: [
        { type: 'create_task', title: 'Once' },
        { type: 'create_task', title: 'Then this' },
      ],
    });
    const created: string[] = [];
    const deps = {
      tasks: {
        create: async (_c: unknown, input: { title: string }) => {
          created.push(input.title);
          return { _id: `t${created.length}`, title: input.title };
        },
      },
      groups: { get: async () => ({}), addContacts: async () => 1 },
      members: { requireRole: async () => 'owner' as const },
      templates: { row: async () => null },
      notifications: { sendCounted: async () => 1 },
      mail: sender,
      jobs: { send: async () => null, pendingKeys: async () => new Set<string>() },
      events: { onEmit: () => undefined },
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    } as unknown as AutomationDeps;
    const service = new AutomationService(new AutomationRepository(db.handle.db), deps);
    const [row] = await db.handle.db
      .insert(automationRuns)
      .values({
        automationId: automation._id,
        businessId: ownerIds.businessId,
        eventId: `e-${unique()}`,
        eventType: 'contact.created',
        recordId: 'c1',
        record: {},
        status: 'running',
        results: [{ step: 0, type: 'create_task', status: 'running', message: '', at: new Date().toISOString() }],
      })
      .returning();
    await service.execute(row!.id);
    await service.execute(row!.id);
    expect(created).toEqual(['Then this']);
    const [after] = await runsOf(owner, automation._id);
    expect(after!.status).toBe('completed');
    expect(after!.results.map((r) => r.status)).toEqual(['unknown', 'done']);
  });
  it('loop protection refuses on save: "task created → create a task" would trigger itself; "Date reached" needs its date', async () => {
    const loop = errorOf(
      await owner.post('/automations', {
        name: 'Loop',
        trigger: 'task.created',
        steps: [
          { type: 'notify_member', userId: ownerIds.id, message: 'x' },
          { type: 'create_task', title: 'Another one' },
        ],
      }),
    );
    expect(loop.status).toBe(400);
    expect(loop.details).toContainEqual({
      field: 'steps',
      message:
        'This automation would trigger itself: its trigger is "task.created" and a step would cause it ("Create a task")',
    });
    const dated = errorOf(
      await owner.post('/automations', {
        name: 'Dated',
        trigger: 'date.reached',
        steps: [{ type: 'wait', days: 1 }],
      }),
    );
    expect(dated.details).toContainEqual({ field: 'dateTrigger.field', message: 'Choose the date to watch' });
    // The same create_task step on another trigger is fine, and an edit into a loop is refused too.
    const fine = await create(owner, {
      name: 'Task on status',
      trigger: 'task.status_changed',
      enabled: false,
      steps: [{ type: 'create_task', title: 'Follow-up' }],
    });
    const edited = await owner.put(`/automations/${fine._id}`, {
      name: 'Task on status',
      trigger: 'task.created',
      steps: [{ type: 'create_task', title: 'Follow-up' }],
    });
    expect(edited.statusCode).toBe(400);
    expect((dataOf(await owner.get(`/automations/${fine._id}`)) as Automation).trigger).toBe('task.status_changed');
    await owner.delete(`/automations/${fine._id}`);
  });

  it('producers: tasks, projects, meetings and invoices record their events in the business, and a run acts on them', async () => {
    const automation = await create(owner, {
      name: 'Done tasks',
      trigger: 'task.status_changed',
      conditions: [{ field: 'to', operator: 'equals', value: 'completed' }],
      steps: [{ type: 'notify_member', userId: ownerIds.id, message: 'A task was completed' }],
    });
    const contact = await newContact(owner);
    const task = dataOf(await owner.post('/tasks', { title: 'Tile the floor', contactIds: [contact._id] }), 201) as {
      _id: string;
    };
    dataOf(await owner.patch(`/tasks/${task._id}`, { status: 'in_progress' }));
    dataOf(await owner.patch(`/tasks/${task._id}/move`, { columnId: 'completed' }));
    const [run] = await waitFor(
      () => runsOf(owner, automation._id),
      (r) => r.length === 1 && r[0]!.status === 'completed',
    );
    expect(run).toMatchObject({ eventType: 'task.status_changed', recordId: task._id });
    expect(run!.results[0]).toMatchObject({ type: 'notify_member', status: 'done', message: 'Notified the member' });

    const project = dataOf(await owner.post('/projects', { title: 'Kitchen', type: 'Remodel' }), 201) as {
      _id: string;
    };
    dataOf(await owner.patch(`/projects/${project._id}/stage`, { stage: 'review' }));
    dataOf(
      await owner.post('/meetings', {
        title: 'Site visit',
        startDate: '2026-11-20T10:00:00.000Z',
        endDate: '2026-11-20T11:00:00.000Z',
        attendees: [{ id: contact._id, model: 'Contact' }],
      }),
      201,
    );
    const events = await db.handle.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.businessId, ownerIds.businessId));
    const of = (type: string) => events.filter((e) => e.type === type);
    expect(of('task.created').find((e) => e.recordId === task._id)?.record).toMatchObject({
      title: 'Tile the floor',
      status: 'todo',
      contactId: contact._id,
    });
    expect(
      of('task.status_changed')
        .filter((e) => e.recordId === task._id)
        .map((e) => e.record),
    ).toEqual([
      expect.objectContaining({ from: 'todo', to: 'in_progress' }),
      expect.objectContaining({ from: 'in_progress', to: 'completed', contactId: contact._id }),
    ]);
    expect(of('project.stage_changed').find((e) => e.recordId === project._id)?.record).toEqual({
      title: 'Kitchen',
      from: 'planning',
      to: 'review',
    });
    expect(of('meeting.booked')[0]?.record).toMatchObject({ title: 'Site visit', contactId: contact._id });
    // Every event carries who did it; none leaks into the other business.
    const made = ['task.created', 'task.status_changed', 'project.stage_changed', 'meeting.booked'].flatMap(of);
    expect(made.length).toBeGreaterThanOrEqual(5);
    expect(made.every((e) => e.actorId === ownerIds.id)).toBe(true);
    const theirs = await db.handle.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.businessId, otherIds.businessId), eq(domainEvents.type, 'task.created')));
    expect(theirs).toEqual([]);
    await owner.delete(`/automations/${automation._id}`);
  });

  it('invoice paid by hand → invoice.paid with the amount and the contact', async () => {
    const contact = await newContact(owner);
    const doc = dataOf(
      await owner.post('/documents', {
        type: 'invoice',
        title: 'Kitchen',
        contactId: contact._id,
        lineItems: [{ description: 'Tiles', quantity: '2', unitPrice: 5000 }],
      }),
      201,
    ) as { _id: string };
    dataOf(await owner.post(`/documents/${doc._id}/send`, {}));
    dataOf(await owner.put(`/documents/${doc._id}`, { status: 'paid' }));
    const [paid] = await db.handle.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'invoice.paid'), eq(domainEvents.recordId, doc._id)));
    expect(paid?.record).toMatchObject({
      documentId: doc._id,
      title: 'Kitchen',
      contactId: contact._id,
      amount: 10000,
    });
  });

  it('notify a member is honest: a member who turned System messages off makes the step fail, saying so', async () => {
    dataOf(await owner.put('/notifications/preferences', { SYSTEM: false }));
    const automation = await create(owner, {
      name: 'Tell me',
      trigger: 'contact.created',
      steps: [{ type: 'notify_member', userId: ownerIds.id, message: 'New contact' }],
    });
    await newContact(owner);
    const [run] = await waitFor(
      () => runsOf(owner, automation._id),
      (r) => r.length === 1 && r[0]!.status === 'failed',
    );
    expect(run!.results[0]).toMatchObject({
      status: 'failed',
      message: 'Not delivered: the member has turned off "System messages" notifications',
    });
    expect(run!.error).toBe('Not delivered: the member has turned off "System messages" notifications');
    dataOf(await owner.put('/notifications/preferences', { SYSTEM: true }));
    await owner.delete(`/automations/${automation._id}`);
  });
  it('a public form submission: form.submitted with its contact, and contact.created when the submission made it', async () => {
    const automation = await create(owner, {
      name: 'New enquiry',
      trigger: 'form.submitted',
      steps: [{ type: 'create_task', title: 'Answer the enquiry' }],
    });
    const form = dataOf(
      await owner.post('/contact-forms', {
        name: 'Website enquiries',
        questions: [{ id: 'need', type: 'question', kind: 'shortText', label: 'What do you need?', required: true }],
      }),
      201,
    ) as { _id: string; publicId: string };
    const visitor = await new Agent(app).init();
    const address = `visitor.${unique()}@example.com`;
    const sent = await visitor.post(`/public/forms/${form.publicId}/submissions`, {
      contact: { firstName: 'Ada', lastName: 'King', email: address },
      answers: { need: 'A kitchen' },
    });
    expect(sent.statusCode).toBe(201);
    const [run] = await waitFor(
      () => runsOf(owner, automation._id),
      (r) => r.length === 1 && r[0]!.status === 'completed',
    );
    // The submission created the contact: contact.created for it, in the same transaction.
    const contactEvents = await db.handle.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'contact.created'), eq(domainEvents.businessId, ownerIds.businessId)));
    const contactId = contactEvents.find((e) => e.record.email === address)?.recordId;
    expect(contactId).toBeDefined();
    const [submitted] = await db.handle.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'form.submitted'), eq(domainEvents.recordId, run!.recordId)));
    expect(submitted!.record).toEqual({
      formId: form._id,
      formName: 'Website enquiries',
      email: address,
      firstName: 'Ada',
      lastName: 'King',
      contactId,
    });
    // The step's task is linked to the submitter's contact.
    const { tasks } = dataOf(await owner.get('/tasks?limit=100')) as {
      tasks: { title: string; contactIds: string[] }[];
    };
    expect(tasks.filter((t) => t.title === 'Answer the enquiry').map((t) => t.contactIds)).toEqual([[contactId]]);
    // A second submission by the same address updates the contact: no second contact.created.
    await visitor.post(`/public/forms/${form.publicId}/submissions`, {
      contact: { firstName: 'Ada', lastName: 'King', email: address },
      answers: { need: 'A bathroom' },
    });
    const created = (
      await db.handle.db
        .select()
        .from(domainEvents)
        .where(and(eq(domainEvents.type, 'contact.created'), eq(domainEvents.recordId, contactId!)))
    ).length;
    expect(created).toBe(1);
    await owner.delete(`/automations/${automation._id}`);
  });

  describe('"Date reached"', () => {
    const DAY = 86_400_000;
    const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
    /** A date sweep of its own on the same database, as a second API process's would be; its events reach the app's dispatcher. */
    const sweeper = () =>
      new AutomationService(new AutomationRepository(db.handle.db), {
        events: new DomainEventOutbox(db.handle.db),
        log: silent,
      } as unknown as AutomationDeps);
    const dueIn = (ms: number) => new Date(Date.now() + ms);
    /** A business of its own, so dates other tests left (a task due in two days) are not in the count. */
    const fresh = async () => {
      const a = await signedInAgent(app);
      return { agent: a.agent, ids: a.body.user as { id: string; businessId: string } };
    };
    const newTask = async (agent: Agent, title: string, dueDate: Date) =>
      dataOf(await agent.post('/tasks', { title, dueDate: dueDate.toISOString() }), 201) as { _id: string };

    it('refuses a missing date or a bad offset with clear messages; other triggers keep no date', async () => {
      const base = { name: 'Due', trigger: 'date.reached', steps: [{ type: 'wait', days: 1 }] };
      const offset = 'The offset is a whole number of days, at most 365 before or after the date';
      for (const offsetDays of [400, -366, 2.5, 'soon']) {
        const bad = errorOf(
          await owner.post('/automations', { ...base, dateTrigger: { field: 'task.dueDate', offsetDays } }),
        );
        expect(bad.status).toBe(400);
        expect(bad.details).toContainEqual({ field: 'dateTrigger.offsetDays', message: offset });
      }
      const noField = errorOf(
        await owner.post('/automations', { ...base, dateTrigger: { field: 'task.title', offsetDays: 1 } }),
      );
      expect(noField.details).toContainEqual({ field: 'dateTrigger.field', message: 'Choose the date to watch' });
      const plain = await create(owner, {
        name: 'Plain',
        trigger: 'contact.created',
        enabled: false,
        dateTrigger: { field: 'task.dueDate', offsetDays: 1 },
        steps: [{ type: 'wait', days: 1 }],
      });
      expect(plain.dateTrigger).toBeNull();
      await owner.delete(`/automations/${plain._id}`);
    });

    it('fires once per record and date: two sweeps side by side and a second pass fire nothing more, each business its own; a changed date fires again', async () => {
      const { agent: owner } = await fresh();
      const { agent: other } = await fresh();
      const step = { type: 'create_task', title: 'Prepare for the deadline' };
      const mine = await create(owner, {
        name: 'Day before due',
        trigger: 'date.reached',
        dateTrigger: { field: 'task.dueDate', offsetDays: -1 },
        steps: [step],
      });
      expect(mine.dateTrigger).toEqual({ field: 'task.dueDate', offsetDays: -1 });
      const theirs = await create(other, {
        name: 'Day before due',
        trigger: 'date.reached',
        dateTrigger: { field: 'task.dueDate', offsetDays: -1 },
        steps: [step],
      });
      const due = dueIn(2 * DAY);
      const task = await newTask(owner, 'Deliver the quote', due);
      await newTask(owner, 'Already late', dueIn(-DAY / 24)); // reached before the automation existed: never fires
      await newTask(owner, 'Next month', dueIn(30 * DAY));
      const theirTask = await newTask(other, 'Their deadline', due);

      // Nothing yet: the day before is still tomorrow.
      expect(await sweeper().sweepDates(new Date())).toBe(0);
      const dayBefore = new Date(due.getTime() - DAY + 60_000);
      const [a, b] = await Promise.all([sweeper().sweepDates(dayBefore), sweeper().sweepDates(dayBefore)]);
      expect(a + b).toBe(2); // the owner's task for the owner's automation, theirs for theirs
      expect(await sweeper().sweepDates(dayBefore)).toBe(0);
      expect(await sweeper().sweepDates(new Date(dayBefore.getTime() + 60_000))).toBe(0);

      const [run] = await waitFor(
        () => runsOf(owner, mine._id),
        (r) => r.length === 1 && r[0]!.status === 'completed',
      );
      expect(run).toMatchObject({ eventType: 'date.reached', recordId: task._id });
      expect(run!.results[0]).toMatchObject({ type: 'create_task', status: 'done' });
      const [theirRun] = await waitFor(
        () => runsOf(other, theirs._id),
        (r) => r.length === 1,
      );
      expect(theirRun!.recordId).toBe(theirTask._id);
      const [event] = await db.handle.db.select().from(domainEvents).where(eq(domainEvents.recordId, task._id));
      expect(event).toBeDefined();
      const fired = await db.handle.db
        .select()
        .from(domainEvents)
        .where(and(eq(domainEvents.type, 'date.reached'), eq(domainEvents.recordId, task._id)));
      expect(fired).toHaveLength(1);
      expect(fired[0]!.record).toMatchObject({
        entity: 'task',
        field: 'dueDate',
        date: due.toISOString(),
        title: 'Deliver the quote',
        status: 'todo',
      });

      // The due date moves three days on: the new date fires once more.
      const later = new Date(due.getTime() + 3 * DAY);
      dataOf(await owner.patch(`/tasks/${task._id}`, { dueDate: later.toISOString() }));
      const newDayBefore = new Date(later.getTime() - DAY + 60_000);
      expect(await sweeper().sweepDates(newDayBefore)).toBe(1);
      expect(await sweeper().sweepDates(newDayBefore)).toBe(0);
      await waitFor(
        () => runsOf(owner, mine._id),
        (r) => r.length === 2 && r.every((x) => x.status === 'completed'),
      );
      expect((await runsOf(other, theirs._id)).length).toBe(1);
      await owner.delete(`/automations/${mine._id}`);
      await other.delete(`/automations/${theirs._id}`);
    });

    it('every date field is swept (a meeting start fires with its contact); switched off, nothing fires', async () => {
      const { agent: owner, ids: ownerIds } = await fresh();
      const contact = await newContact(owner);
      const start = dueIn(3 * DAY);
      dataOf(
        await owner.post('/meetings', {
          title: 'Kick-off',
          startDate: start.toISOString(),
          endDate: new Date(start.getTime() + 3_600_000).toISOString(),
          attendees: [{ id: contact._id, model: 'Contact' }],
        }),
        201,
      );
      const made: Automation[] = [];
      for (const field of AUTOMATION_DATE_FIELDS) {
        made.push(
          await create(owner, {
            name: `On ${field}`,
            trigger: 'date.reached',
            dateTrigger: { field, offsetDays: 0 },
            steps: [{ type: 'notify_member', userId: ownerIds.id, message: field }],
          }),
        );
      }
      const meetingOne = made[AUTOMATION_DATE_FIELDS.indexOf('meeting.startAt')]!;
      const off = await create(owner, {
        name: 'Off',
        trigger: 'date.reached',
        enabled: false,
        dateTrigger: { field: 'meeting.startAt', offsetDays: 0 },
        steps: [{ type: 'wait', days: 1 }],
      });
      expect(await sweeper().sweepDates(new Date(start.getTime() + 60_000))).toBe(1);
      const events = await db.handle.db
        .select()
        .from(domainEvents)
        .where(and(eq(domainEvents.type, 'date.reached'), eq(domainEvents.automationId, meetingOne._id)));
      expect(events.map((e) => e.record)).toEqual([
        expect.objectContaining({ entity: 'meeting', field: 'startAt', title: 'Kick-off', contactId: contact._id }),
      ]);
      expect(
        (await db.handle.db.select().from(automations).where(eq(automations.id, off._id)))[0]!.datesSweptAt,
      ).toBeNull();
      for (const a of [...made, off]) await owner.delete(`/automations/${a._id}`);
    });
  });
});
