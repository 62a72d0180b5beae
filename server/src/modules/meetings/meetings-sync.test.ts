import { eq } from 'drizzle-orm';
import { meetings as meetingsTable } from '../../db/schema';
import { signedInAgent, createTestApp, type TestApp } from '../../../test/helpers';
import { ContactsRepository } from '../contacts/contacts.repository';
import { ContactsService } from '../contacts/contacts.service';
import { FilesRepository } from '../files/files.repository';
import { FilesService } from '../files/files.service';
import { ProjectsRepository } from '../projects/projects.repository';
import { ProjectsService } from '../projects/projects.service';
import { MeetingsRepository, type MeetingRow } from './meetings.repository';
import { MeetingsService, type MeetingCalendarSync } from './meetings.service';

/**
 * The Google Calendar port (MeetingCalendarSync) as the meetings service calls it: after the change has committed,
 * only when it concerns Google, with the row as stored; what the port writes is in the answer; a failing port
 * never fails the change.
 */
describe('meetings: the Google Calendar port', () => {
  let t: TestApp;
  let caller: { userId: string; businessId: string };
  const calls: { what: 'save' | 'delete'; row: MeetingRow; committed: boolean }[] = [];
  const logged: string[] = [];
  let failing = false;
  let meetings: MeetingsService;

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await signedInAgent(t.app);
    caller = { userId: owner.body.user.id, businessId: owner.body.user.businessId };
    const db = t.database.db;
    const stored = async (id: string) => (await db.select().from(meetingsTable).where(eq(meetingsTable.id, id))).length;
    // A fake of what the google-calendar module does: record the call, write the event's id back to the meeting.
    const sync: MeetingCalendarSync = {
      afterSave: async (row) => {
        calls.push({ what: 'save', row, committed: (await stored(row.id)) === 1 });
        if (failing) throw new Error('Google said 503');
        if (row.syncToGoogle) {
          await db
            .update(meetingsTable)
            .set({ syncedToGoogle: true, googleEventId: `evt-${row.id}`, googleUserId: row.organizerId })
            .where(eq(meetingsTable.id, row.id));
        }
      },
      afterDelete: async (row) => {
        calls.push({ what: 'delete', row, committed: (await stored(row.id)) === 0 });
      },
    };
    const contacts = new ContactsService(new ContactsRepository(db));
    const files = new FilesService(new FilesRepository(db));
    const projects = new ProjectsService(new ProjectsRepository(db), {
      files,
      contacts,
      tasks: { copyTasks: async () => 0 },
    });
    meetings = new MeetingsService(new MeetingsRepository(db), {
      projects,
      contacts,
      files,
      activity: projects,
      sync,
      log: (_error, message) => logged.push(message),
    });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    calls.length = 0;
    logged.length = 0;
    failing = false;
  });

  const input = {
    title: 'Call',
    description: null,
    startDate: '2026-11-20T10:00:00Z',
    endDate: '2026-11-20T11:00:00Z',
    isAllDay: false,
    location: null,
    status: 'scheduled' as const,
    type: 'call' as const,
    meetingLink: null,
    notes: null,
    projectId: null,
    isVirtual: false,
    organizer: null,
    attendees: [],
  };

  test('a meeting without sync never reaches the port', async () => {
    const m = await meetings.create(caller, { ...input, syncToGoogleCalendar: false });
    await meetings.update(caller, m._id, { title: 'Renamed' });
    await meetings.remove(caller, m._id);
    expect(calls).toEqual([]);
  });

  test('create with sync: afterSave after the commit, and the answer carries what the port wrote', async () => {
    const m = await meetings.create(caller, { ...input, syncToGoogleCalendar: true });
    expect(calls).toEqual([
      { what: 'save', row: expect.objectContaining({ id: m._id, syncToGoogle: true }), committed: true },
    ]);
    expect(m).toMatchObject({
      syncToGoogleCalendar: true,
      syncedToGoogleCalendar: true,
      googleCalendarEventId: `evt-${m._id}`,
    });
    calls.length = 0;
    // Turning the sync off still reaches the port (it removes the Google event), as does the delete after it.
    await meetings.update(caller, m._id, { syncToGoogleCalendar: false });
    expect(calls).toEqual([{ what: 'save', row: expect.objectContaining({ syncToGoogle: false }), committed: true }]);
    await meetings.remove(caller, m._id);
    expect(calls[1]).toEqual({ what: 'delete', row: expect.objectContaining({ id: m._id }), committed: true });
  });

  test('a failing port is logged; the meeting is saved and answered all the same', async () => {
    failing = true;
    const m = await meetings.create(caller, { ...input, title: 'Kept', syncToGoogleCalendar: true });
    expect(m).toMatchObject({ title: 'Kept', syncToGoogleCalendar: true, syncedToGoogleCalendar: false });
    expect(logged).toEqual(['Google Calendar sync (afterSave) failed; the meeting is saved']);
    expect((await meetings.get(caller, m._id)).title).toBe('Kept');
  });
});
