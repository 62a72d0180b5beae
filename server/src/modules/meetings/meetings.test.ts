import { eq } from 'drizzle-orm';
import {
  calendarItemSchema,
  FILE_MAX_BYTES,
  MEETING_MESSAGES,
  meetingSchema,
  type CalendarItem,
  type Meeting,
} from '@atrium/domain-work/schemas';
import {
  businessMembers,
  meetingContacts,
  meetings as meetingsTable,
  projectActivities,
  workFiles,
} from '../../db/schema';
import { signedInAgent, type Agent, createTestApp, type TestApp } from '../../../test/helpers';
import { multipart, TINY_PNG } from '../../../test/security-helpers';

type Signed = Awaited<ReturnType<typeof signedInAgent>>;

describe('meetings and the calendar', () => {
  let t: TestApp;
  let owner: Signed;
  let a: Agent;
  let stranger: Signed;
  let member: Signed;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedInAgent(t.app, { firstName: 'Ada', lastName: 'Lovelace' });
    a = owner.agent;
    stranger = await signedInAgent(t.app);
    // A second member of the owner's business (a User attendee, and whose Google-only events the owner never sees).
    member = await signedInAgent(t.app, { firstName: 'Grace', lastName: 'Hopper' });
    await t.database.db
      .insert(businessMembers)
      .values({ businessId: owner.body.user.businessId, userId: member.body.user.id, role: 'member' });
  });
  afterAll(async () => {
    await t.close();
  });

  const ok = (res: { statusCode: number; body: string; json(): unknown }, status = 200) => {
    if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
    return (res.json() as { data: unknown }).data;
  };
  const errorOf = (res: { statusCode: number; json(): unknown }) => {
    const body = res.json() as { code: string; error: string; details?: { field: string; message: string }[] };
    return { status: res.statusCode, code: body.code, error: body.error, details: body.details };
  };
  const base = {
    title: 'Site visit',
    startDate: '2026-11-20T10:00:00.000Z',
    endDate: '2026-11-20T11:00:00.000Z',
  };
  const newMeeting = async (body: Record<string, unknown> = {}, agent = a): Promise<Meeting> =>
    meetingSchema.strict().parse(ok(await agent.post('/meetings', { ...base, ...body }), 201));
  const newProject = async (title = 'Kitchen remodel', agent = a) =>
    (ok(await agent.post('/projects', { title, type: 'Remodel' }), 201) as { _id: string })._id;
  const newContact = async (agent = a) =>
    (
      ok(
        await agent.post('/contacts', {
          firstName: 'Grace',
          lastName: 'Hopper',
          email: `grace.${Math.random().toString(36).slice(2)}@example.com`,
        }),
        201,
      ) as { _id: string }
    )._id;
  const range = async (query: string, agent = a) =>
    (ok(await agent.get(`/meetings?${query}`)) as Meeting[]).map((m) => meetingSchema.strict().parse(m));
  const items = async (query: string, agent = a): Promise<CalendarItem[]> =>
    (ok(await agent.get(`/calendar/meetings?${query}`)) as unknown[]).map((i) => calendarItemSchema.strict().parse(i));
  const feed = async (projectId: string) =>
    t.database.db
      .select({ type: projectActivities.type, message: projectActivities.message })
      .from(projectActivities)
      .where(eq(projectActivities.projectId, projectId))
      .orderBy(projectActivities.createdAt);
  /** A Google-only event of `googleUserId` in the owner's business, written as the sync would. */
  const googleOnly = async (googleUserId: string, title: string, startAt = '2026-12-02T09:00:00Z') => {
    const [row] = await t.database.db
      .insert(meetingsTable)
      .values({
        businessId: owner.body.user.businessId,
        title,
        startAt: new Date(startAt),
        endAt: new Date(Date.parse(startAt) + 3_600_000),
        source: 'google_calendar',
        googleUserId,
        googleEventId: `evt-${Math.random().toString(36).slice(2)}`,
      })
      .returning({ id: meetingsTable.id });
    return row!.id;
  };

  describe('POST /meetings', () => {
    test('creates a meeting in the contract shape: the caller organizes, scheduled, not read-only', async () => {
      const m = await newMeeting({ description: 'Measure the kitchen', location: 'Main St 1', type: 'in_person' });
      expect(m).toMatchObject({
        title: 'Site visit',
        description: 'Measure the kitchen',
        startDate: '2026-11-20T10:00:00.000Z',
        endDate: '2026-11-20T11:00:00.000Z',
        isAllDay: false,
        status: 'scheduled',
        type: 'in_person',
        organizer: { _id: owner.body.user.id, name: 'Ada Lovelace', firstName: 'Ada', lastName: 'Lovelace' },
        attendees: [],
        attachments: [],
        projectId: null,
        project: null,
        source: 'atrium',
        isReadOnly: false,
        syncToGoogleCalendar: false,
        syncedToGoogleCalendar: false,
        googleCalendarEventId: null,
        userId: owner.body.user.id,
        businessId: owner.body.user.businessId,
      });
    });

    test('attendees: the business’s contacts and members (meeting_contacts kept), duplicates dropped', async () => {
      const contact = await newContact();
      const m = await newMeeting({
        organizer: member.body.user.id,
        attendees: [
          { id: contact, model: 'Contact', email: 'grace@example.com', name: 'Grace' },
          { id: contact, model: 'Contact', email: 'grace@example.com', name: 'Grace' },
          { id: member.body.user.id, model: 'User', email: '', name: 'Grace Hopper' },
        ],
      });
      expect(m.organizer).toMatchObject({ _id: member.body.user.id, name: 'Grace Hopper' });
      expect(m.attendees).toEqual([
        { id: contact, model: 'Contact', email: 'grace@example.com', name: 'Grace' },
        { id: member.body.user.id, model: 'User', email: null, name: 'Grace Hopper' },
      ]);
      const links = await t.database.db.select().from(meetingContacts).where(eq(meetingContacts.meetingId, m._id));
      expect(links.map((l) => l.contactId)).toEqual([contact]);
      const ofContact = ok(await a.get(`/meetings/contact/${contact}`)) as Meeting[];
      expect(ofContact.map((x) => x._id)).toEqual([m._id]);
    });

    test('an all-day meeting answers calendar days, its end the last day inclusive', async () => {
      const m = await newMeeting({ isAllDay: true, startDate: '2026-11-24', endDate: '2026-11-25T00:00:00+10:00' });
      expect(m).toMatchObject({ isAllDay: true, startDate: '2026-11-24', endDate: '2026-11-25' });
    });

    test('bad input → 400 with the spec’s texts on the fields', async () => {
      const noEnd = errorOf(await a.post('/meetings', { title: 'x', startDate: base.startDate }));
      expect(noEnd).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
      expect(noEnd.details).toEqual([{ field: 'endDate', message: MEETING_MESSAGES.endRequired }]);
      const garbled = errorOf(await a.post('/calendar/meetings', { ...base, startDate: 'next tuesday' }));
      expect(garbled.details).toEqual([{ field: 'startDate', message: 'Invalid meeting dates' }]);
      const order = errorOf(await a.post('/meetings', { ...base, endDate: '2026-11-20T09:00:00.000Z' }));
      expect(order).toMatchObject({
        status: 400,
        details: [{ field: 'endDate', message: 'End date cannot be before start date' }],
      });
      const year = errorOf(await a.post('/meetings', { ...base, startDate: '0001-01-01T00:00:00Z' }));
      expect(year.details).toEqual([{ field: 'startDate', message: 'Invalid meeting dates' }]);
      const theirs = await newContact(stranger.agent);
      const people = errorOf(
        await a.post('/meetings', {
          ...base,
          organizer: stranger.body.user.id,
          attendees: [
            { id: theirs, model: 'Contact' },
            { id: stranger.body.user.id, model: 'User' },
          ],
        }),
      );
      expect(people).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
      expect(people.details).toEqual([
        { field: 'organizer', message: 'Organizer must be a member of the business' },
        { field: 'attendees.0.id', message: 'Contact not found' },
        { field: 'attendees.1.id', message: 'Member not found' },
      ]);
      const model = errorOf(await a.post('/meetings', { ...base, attendees: [{ id: 'x', model: 'Robot' }] }));
      expect(model.details).toEqual([
        { field: 'attendees.0.model', message: 'Attendee model must be one of: Contact, User' },
      ]);
      const project = errorOf(
        await a.post('/meetings', { ...base, projectId: await newProject('Theirs', stranger.agent) }),
      );
      expect(project).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    });
  });

  describe('GET /meetings (a range)', () => {
    test('meetings overlapping the range, earliest first: long and all-day ones at the edges too', async () => {
      const q = 'startDate=2027-03-01T00:00:00Z&endDate=2027-04-01T00:00:00Z';
      const before = await newMeeting({
        title: 'Feb',
        startDate: '2027-02-27T10:00:00Z',
        endDate: '2027-02-27T11:00:00Z',
      });
      const ending = await newMeeting({
        title: 'Ends at start',
        startDate: '2027-02-28T23:00:00Z',
        endDate: '2027-03-01T00:00:00Z',
      });
      const long = await newMeeting({
        title: 'Trade fair',
        startDate: '2027-02-10T08:00:00Z',
        endDate: '2027-03-03T18:00:00Z',
      });
      const allDay = await newMeeting({
        title: 'Last day of Feb',
        isAllDay: true,
        startDate: '2027-02-28',
        endDate: '2027-02-28',
      });
      const firstDay = await newMeeting({
        title: 'Mar 1',
        isAllDay: true,
        startDate: '2027-03-01',
        endDate: '2027-03-01',
      });
      const inside = await newMeeting({
        title: 'Mid March',
        startDate: '2027-03-15T10:00:00Z',
        endDate: '2027-03-15T11:00:00Z',
      });
      const after = await newMeeting({
        title: 'April',
        startDate: '2027-04-01T00:00:00Z',
        endDate: '2027-04-01T01:00:00Z',
      });
      const mine = await range(q);
      const ids = mine.map((m) => m._id);
      expect(ids).toEqual([long._id, firstDay._id, inside._id]);
      for (const outside of [before, ending, allDay, after]) expect(ids).not.toContain(outside._id);
      expect(await range(q, stranger.agent)).toEqual([]);
    });

    test('Google-only events: the caller’s own with includeGoogleCalendar=true, never another member’s', async () => {
      const own = await googleOnly(owner.body.user.id, 'Dentist');
      const theirs = await googleOnly(member.body.user.id, 'Grace’s gym');
      const q = 'startDate=2026-12-01T00:00:00Z&endDate=2026-12-08T00:00:00Z';
      expect((await range(q)).map((m) => m._id)).toEqual([]);
      const withGoogle = await range(`${q}&includeGoogleCalendar=true`);
      expect(withGoogle.map((m) => m._id)).toEqual([own]);
      expect(withGoogle[0]).toMatchObject({ source: 'google_calendar', isReadOnly: true, title: 'Dentist' });
      expect(errorOf(await a.get(`/meetings/${theirs}`))).toMatchObject({ status: 404, error: 'Meeting not found' });
    });

    test('a range that is not one → 400 on its fields', async () => {
      const bad = errorOf(await a.get('/meetings?startDate=2026-01-01&endDate=soon'));
      expect(bad).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
      expect(bad.details).toEqual([{ field: 'endDate', message: 'Invalid meeting dates' }]);
      const missing = errorOf(await a.get('/meetings?endDate=2026-01-01'));
      expect(missing.details).toEqual([{ field: 'startDate', message: 'Start date is required' }]);
    });
  });

  describe('one meeting', () => {
    test('another business’s meeting is 404 Meeting not found for every call', async () => {
      const m = await newMeeting({}, stranger.agent);
      const calls = [
        a.get(`/meetings/${m._id}`),
        a.put(`/meetings/${m._id}`, { title: 'Mine now' }),
        a.delete(`/meetings/${m._id}`),
        a.post(`/meetings/${m._id}/project`, { projectId: await newProject() }),
        a.delete(`/meetings/${m._id}/project`),
        a.post(`/meetings/${m._id}/contacts/add`, {}),
        a.patch(`/calendar/meetings/${m._id}`, { title: 'x' }),
        a.patch(`/calendar/items/${m._id}`, { startDate: base.startDate, endDate: base.endDate }),
        a.delete(`/calendar/items/${m._id}`),
      ];
      for (const res of await Promise.all(calls)) {
        expect(errorOf(res)).toMatchObject({ status: 404, code: 'NOT_FOUND', error: 'Meeting not found' });
      }
      expect(meetingSchema.parse(ok(await stranger.agent.get(`/meetings/${m._id}`))).title).toBe('Site visit');
    });

    test('PUT validates the body before looking the meeting up, as every write route (tasks too): a bad body is 400 whatever the id', async () => {
      const theirs = await newMeeting({}, stranger.agent);
      for (const id of ['no-such-meeting', theirs._id]) {
        const bad = errorOf(await a.put(`/meetings/${id}`, { title: '', status: 'done' }));
        expect(bad.status).toBe(400);
        expect(bad.details?.map((d) => d.field).sort()).toEqual(['status', 'title']);
        expect(errorOf(await a.put(`/meetings/${id}`, { title: 'Fine' }))).toMatchObject({
          status: 404,
          error: 'Meeting not found',
        });
      }
    });

    test('PUT changes the fields given; the date order is checked on the merged meeting', async () => {
      const contact = await newContact();
      const m = await newMeeting({ attendees: [{ id: contact, model: 'Contact' }] });
      const changed = meetingSchema.parse(
        ok(await a.put(`/meetings/${m._id}`, { title: 'Second visit', status: 'completed', attendees: [] })),
      );
      expect(changed).toMatchObject({
        title: 'Second visit',
        status: 'completed',
        startDate: m.startDate,
        endDate: m.endDate,
        attendees: [],
      });
      expect(await t.database.db.select().from(meetingContacts).where(eq(meetingContacts.meetingId, m._id))).toEqual(
        [],
      );
      const order = errorOf(await a.put(`/meetings/${m._id}`, { endDate: '2026-11-19T10:00:00Z' }));
      expect(order).toMatchObject({
        status: 400,
        details: [{ field: 'endDate', message: 'End date cannot be before start date' }],
      });
      const allDay = meetingSchema.parse(ok(await a.put(`/meetings/${m._id}`, { isAllDay: true })));
      expect(allDay).toMatchObject({ isAllDay: true, startDate: '2026-11-20', endDate: '2026-11-20' });
    });

    test('DELETE removes it with its attendees and files', async () => {
      const contact = await newContact();
      const m = await newMeeting({ attendees: [{ id: contact, model: 'Contact' }] });
      const { payload, headers } = multipart('plan.png', TINY_PNG, 'image/png');
      ok(await a.post(`/meetings/${m._id}/attachments`, payload, { headers }), 201);
      ok(await a.delete(`/meetings/${m._id}`));
      expect(errorOf(await a.get(`/meetings/${m._id}`)).status).toBe(404);
      expect(await t.database.db.select().from(workFiles).where(eq(workFiles.meetingId, m._id))).toEqual([]);
      expect(await t.database.db.select().from(meetingContacts).where(eq(meetingContacts.meetingId, m._id))).toEqual(
        [],
      );
    });

    test('the older add/remove-contact calls answer 400 DEPRECATED_CALL with the spec’s text', async () => {
      const m = await newMeeting();
      for (const action of ['add', 'remove']) {
        expect(errorOf(await a.post(`/meetings/${m._id}/contacts/${action}`, { contactId: 'x' }))).toEqual({
          status: 400,
          code: 'DEPRECATED_CALL',
          error: MEETING_MESSAGES.attendeesThroughUpdate,
          details: undefined,
        });
      }
    });
  });

  describe('projects', () => {
    test('a meeting in a project is in its list and feed: created, updated, linked, unlinked, deleted', async () => {
      const projectId = await newProject('Bathroom');
      const other = await newProject('Garden');
      const contact = await newContact();
      const m = await newMeeting({
        title: 'Tiles',
        projectId,
        attendees: [{ id: contact, model: 'Contact', name: 'Grace', email: 'g@example.com' }],
      });
      expect(m.project).toEqual({ _id: projectId, title: 'Bathroom' });
      const listed = ok(await a.get(`/meetings/project/${projectId}`)) as Meeting[];
      expect(listed.map((x) => x._id)).toEqual([m._id]);
      ok(await a.put(`/meetings/${m._id}`, { location: 'Showroom' }));
      // The same values again change nothing, and the feed says nothing (attendees compared by content).
      const same = { location: 'Showroom', attendees: m.attendees, startDate: m.startDate, organizer: null };
      const unchanged = meetingSchema.parse(ok(await a.put(`/meetings/${m._id}`, same)));
      expect(unchanged.organizer?._id).toBe(owner.body.user.id);
      expect((await feed(projectId)).filter((e) => e.type === 'meeting.updated')).toHaveLength(1);
      const moved = meetingSchema.parse(ok(await a.post(`/meetings/${m._id}/project`, { projectId: other })));
      expect(moved.project).toEqual({ _id: other, title: 'Garden' });
      const unlinked = meetingSchema.parse(ok(await a.delete(`/meetings/${m._id}/project`)));
      expect(unlinked.projectId).toBeNull();
      expect(await feed(projectId)).toEqual(
        expect.arrayContaining([
          { type: 'meeting.created', message: 'Scheduled meeting “Tiles”' },
          { type: 'meeting.updated', message: 'Updated meeting “Tiles”: location' },
          { type: 'meeting.unlinked', message: 'Moved meeting “Tiles” to project “Garden”' },
        ]),
      );
      const m2 = await newMeeting({ title: 'Plants', projectId: other });
      ok(await a.delete(`/meetings/${m2._id}`));
      expect((await feed(other)).slice(-4)).toEqual([
        { type: 'meeting.linked', message: 'Linked meeting “Tiles”' },
        { type: 'meeting.unlinked', message: 'Unlinked meeting “Tiles”' },
        { type: 'meeting.created', message: 'Scheduled meeting “Plants”' },
        { type: 'meeting.deleted', message: 'Deleted meeting “Plants”' },
      ]);
      expect(errorOf(await a.get(`/meetings/project/${await newProject('x', stranger.agent)}`)).status).toBe(404);
    });

    test('a Google-only event is read-only (403) until linked to a project, then the business’s meeting', async () => {
      const id = await googleOnly(owner.body.user.id, 'Client lunch');
      const own = meetingSchema.parse(ok(await a.get(`/meetings/${id}`)));
      expect(own).toMatchObject({ isReadOnly: true, source: 'google_calendar' });
      for (const res of [
        await a.put(`/meetings/${id}`, { title: 'Mine' }),
        await a.delete(`/meetings/${id}`),
        await a.patch(`/calendar/items/${id}`, { startDate: base.startDate, endDate: base.endDate }),
        await a.post(`/meetings/${id}/attachments`, multipart('a.png', TINY_PNG, 'image/png').payload, {
          headers: multipart('a.png', TINY_PNG, 'image/png').headers,
        }),
      ]) {
        expect(errorOf(res)).toMatchObject({ status: 403, code: 'FORBIDDEN', error: MEETING_MESSAGES.readOnly });
      }
      const projectId = await newProject('Catering');
      const linked = meetingSchema.parse(ok(await a.post(`/meetings/${id}/project`, { projectId })));
      expect(linked).toMatchObject({ isReadOnly: false, source: 'google_calendar', projectId });
      expect(meetingSchema.parse(ok(await a.put(`/meetings/${id}`, { title: 'Lunch with Bob' }))).title).toBe(
        'Lunch with Bob',
      );
      const q = 'startDate=2026-12-01T00:00:00Z&endDate=2026-12-08T00:00:00Z';
      expect((await range(q)).map((m) => m._id)).toContain(id);
    });
  });

  describe('attachments', () => {
    test('upload one file, read it back as base64, listed on the meeting, delete', async () => {
      const m = await newMeeting();
      const { payload, headers } = multipart('plan.png', TINY_PNG, 'image/png');
      const saved = ok(await a.post(`/meetings/${m._id}/attachments`, payload, { headers }), 201) as {
        _id: string;
        name: string;
        mimetype: string;
        size: number;
      };
      expect(saved).toMatchObject({ name: 'plan.png', mimetype: 'image/png', size: TINY_PNG.length });
      const content = ok(await a.get(`/meetings/${m._id}/attachments/${saved._id}`)) as Record<string, string>;
      expect(content).toEqual({ base64: TINY_PNG.toString('base64'), mimetype: 'image/png', name: 'plan.png' });
      const again = meetingSchema.parse(ok(await a.get(`/meetings/${m._id}`)));
      expect(again.attachments.map((f) => f._id)).toEqual([saved._id]);
      expect(errorOf(await stranger.agent.get(`/meetings/${m._id}/attachments/${saved._id}`)).status).toBe(404);
      ok(await a.delete(`/meetings/${m._id}/attachments/${saved._id}`));
      expect(errorOf(await a.get(`/meetings/${m._id}/attachments/${saved._id}`)).status).toBe(404);
    });

    test('too large → 413, a wrong type → 415, two files → 400: nothing stored', async () => {
      const m = await newMeeting();
      const stored = async () =>
        (await t.database.db.select().from(workFiles).where(eq(workFiles.meetingId, m._id))).length;
      const big = Buffer.alloc(FILE_MAX_BYTES + 1, 0x20);
      const large = multipart('big.txt', big, 'text/plain');
      expect(
        errorOf(await a.post(`/meetings/${m._id}/attachments`, large.payload, { headers: large.headers })),
      ).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
      const svg = multipart('x.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml');
      expect(
        errorOf(await a.post(`/meetings/${m._id}/attachments`, svg.payload, { headers: svg.headers })).status,
      ).toBe(415);
      const boundary = '----atriumtwo';
      const part = (name: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\nhello\r\n`;
      const two = Buffer.from(`${part('a.txt')}${part('b.txt')}--${boundary}--\r\n`);
      const res = await a.post(`/meetings/${m._id}/attachments`, two, {
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(errorOf(res)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
      expect(await stored()).toBe(0);
    });
  });

  describe('the calendar', () => {
    const q = 'startDate=2027-06-01T00:00:00Z&endDate=2027-07-01T00:00:00Z';

    test('meetings, tasks with dates and projects with dates as items; filters by type, status, search', async () => {
      const contact = await newContact();
      const m = await newMeeting({
        title: 'Kickoff call',
        startDate: '2027-06-03T09:00:00Z',
        endDate: '2027-06-03T10:00:00Z',
        attendees: [{ id: contact, model: 'Contact', email: 'g@example.com', name: 'Grace' }],
      });
      const task = ok(
        await a.post('/tasks', {
          title: 'Order tiles',
          startDate: '2027-06-05',
          dueDate: '2027-06-07',
          isAllDay: true,
        }),
        201,
      ) as { _id: string };
      const dueOnly = ok(await a.post('/tasks', { title: 'Pay deposit', dueDate: '2027-06-10T12:00:00Z' }), 201) as {
        _id: string;
      };
      ok(await a.post('/tasks', { title: 'Undated task' }), 201);
      ok(await a.post('/tasks', { title: 'July task', dueDate: '2027-07-02T12:00:00Z' }), 201);
      const projectId = (
        ok(
          await a.post('/projects', {
            title: 'Summer house',
            type: 'Build',
            startDate: '2027-05-20',
            dueDate: '2027-06-02',
          }),
          201,
        ) as { _id: string }
      )._id;
      const all = await items(q);
      expect(all.map((i) => [i.type, i._id])).toEqual([
        ['project', projectId],
        ['meeting', m._id],
        ['task', task._id],
        ['task', dueOnly._id],
      ]);
      expect(all[1]).toEqual({
        _id: m._id,
        type: 'meeting',
        title: 'Kickoff call',
        description: null,
        startDate: '2027-06-03T09:00:00.000Z',
        endDate: '2027-06-03T10:00:00.000Z',
        isAllDay: false,
        status: 'scheduled',
        source: 'atrium',
        googleCalendarEventId: null,
        isReadOnly: false,
        projectId: null,
        attendees: [{ _id: contact, name: 'Grace', email: 'g@example.com' }],
      });
      expect(all[2]).toMatchObject({ startDate: '2027-06-05', endDate: '2027-06-07', isAllDay: true, status: 'todo' });
      expect(all[3]).toMatchObject({ startDate: '2027-06-10T12:00:00.000Z', endDate: '2027-06-10T12:00:00.000Z' });
      expect(all[0]).toMatchObject({ startDate: '2027-05-20', endDate: '2027-06-02', projectId });

      expect((await items(`${q}&type=task,project`)).map((i) => i.type)).toEqual(['project', 'task', 'task']);
      expect((await items(`${q}&search=TILES`)).map((i) => i._id)).toEqual([task._id]);
      expect((await items(`${q}&status=scheduled`)).map((i) => i._id)).toEqual([m._id]);
      expect((await items(`${q}&status=todo`)).map((i) => i._id)).toEqual([task._id, dueOnly._id]);
      expect(await items(q, stranger.agent)).toEqual([]);
      const bad = errorOf(await a.get(`/calendar/meetings?${q}&type=holiday`));
      expect(bad).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
      expect(bad.details).toEqual([{ field: 'type.0', message: 'Type must be one of: meeting, task, project' }]);
    });

    test('the caller’s Google-only events are read-only items with includeGoogleCalendar=true', async () => {
      const id = await googleOnly(owner.body.user.id, 'Yoga', '2027-06-20T07:00:00Z');
      await googleOnly(member.body.user.id, 'Not yours', '2027-06-20T07:00:00Z');
      expect((await items(q)).map((i) => i._id)).not.toContain(id);
      const google = (await items(`${q}&includeGoogleCalendar=true&type=meeting&search=yoga`)).filter(
        (i) => i._id === id,
      );
      expect(google).toEqual([expect.objectContaining({ isReadOnly: true, source: 'google_calendar' })]);
      expect((await items(`${q}&includeGoogleCalendar=true&search=not yours`)).length).toBe(0);
    });

    test('POST /calendar/items creates a meeting answered as an item; PATCH drags it; DELETE removes it', async () => {
      const item = calendarItemSchema.parse(
        ok(await a.post('/calendar/items', { ...base, title: 'From the calendar' }), 201),
      );
      expect(item).toMatchObject({ type: 'meeting', title: 'From the calendar', isReadOnly: false });
      const moved = calendarItemSchema.parse(
        ok(
          await a.patch(`/calendar/items/${item._id}`, {
            startDate: '2026-11-22',
            endDate: '2026-11-23',
            isAllDay: true,
          }),
        ),
      );
      expect(moved).toMatchObject({ startDate: '2026-11-22', endDate: '2026-11-23', isAllDay: true });
      const order = errorOf(
        await a.patch(`/calendar/items/${item._id}`, {
          startDate: '2026-11-22T10:00:00Z',
          endDate: '2026-11-22T09:00:00Z',
        }),
      );
      expect(order.details).toEqual([{ field: 'endDate', message: 'End date cannot be before start date' }]);
      const created = meetingSchema.parse(
        ok(await a.post('/calendar/meetings', { ...base, title: 'Calendar one' }), 201),
      );
      const patched = meetingSchema.parse(ok(await a.patch(`/calendar/meetings/${created._id}`, { title: 'Renamed' })));
      expect(patched.title).toBe('Renamed');
      ok(await a.delete(`/calendar/meetings/${created._id}`));
      ok(await a.delete(`/calendar/items/${item._id}`));
      expect(errorOf(await a.get(`/meetings/${item._id}`)).status).toBe(404);
    });

    test('dragging a task or a project goes through its service: its date rule, history and feed', async () => {
      const projectId = await newProject('Dragged');
      const task = ok(
        await a.post(`/tasks?projectId=${projectId}`, { title: 'Paint', dueDate: '2027-06-10', isAllDay: true }),
        201,
      ) as { _id: string };
      const whole = calendarItemSchema.parse(
        ok(
          await a.patch(`/calendar/items/${task._id}`, {
            type: 'task',
            startDate: '2027-06-12',
            endDate: '2027-06-12',
          }),
        ),
      );
      expect(whole).toMatchObject({ type: 'task', startDate: '2027-06-12', endDate: '2027-06-12' });
      const detail = ok(await a.get(`/tasks/${task._id}`)) as {
        startDate: string | null;
        dueDate: string;
        history: { action: string; changes: { field: string }[] }[];
      };
      expect(detail.startDate).toBeNull();
      expect(detail.dueDate).toBe('2027-06-12T00:00:00.000Z');
      expect(detail.history[0]).toMatchObject({ action: 'updated', changes: [{ field: 'dueDate' }] });
      const resized = calendarItemSchema.parse(
        ok(
          await a.patch(`/calendar/items/${task._id}`, {
            type: 'task',
            startDate: '2027-06-11',
            endDate: '2027-06-14',
          }),
        ),
      );
      expect(resized).toMatchObject({ startDate: '2027-06-11', endDate: '2027-06-14' });
      expect((await feed(projectId)).at(-1)).toEqual({
        type: 'task.updated',
        message: 'Updated task “Paint”: start date, due date',
      });
      const project = calendarItemSchema.parse(
        ok(
          await a.patch(`/calendar/items/${projectId}`, {
            type: 'project',
            startDate: '2027-06-01',
            endDate: '2027-06-30',
          }),
        ),
      );
      expect(project).toMatchObject({ type: 'project', startDate: '2027-06-01', endDate: '2027-06-30', projectId });
      expect((await feed(projectId)).at(-1)).toEqual({
        type: 'project.updated',
        message: 'Changed the start date, due date',
      });
      const theirs = ok(await stranger.agent.post('/tasks', { title: 'Theirs', dueDate: '2027-06-10' }), 201) as {
        _id: string;
      };
      const foreign = errorOf(
        await a.patch(`/calendar/items/${theirs._id}`, {
          type: 'task',
          startDate: '2027-06-12',
          endDate: '2027-06-12',
        }),
      );
      expect(foreign).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    });
  });
});
