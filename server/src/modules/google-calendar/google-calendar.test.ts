import { sql } from 'drizzle-orm';
import { GOOGLE_CALENDAR_MESSAGES } from '@atrium/domain-work/schemas';
import { businessMembers } from '../../db/schema';
import { Agent, createTestApp, signedInAgent, sqlRows, type TestApp } from '../../../test/helpers';
import { FakeGoogle } from '../../../test/fakes/google-calendar';
import {
  connectCalendar,
  connectionRow,
  GCAL,
  jobsIn,
  meetingRows,
  settle,
  syncNow,
} from '../../../test/google-calendar-helpers';
import { CONNECT_COOKIE } from './connect-flow';

const fake = new FakeGoogle({ clientId: 'gcal-test-client', clientSecret: 'gcal-test-secret' });
let t: TestApp;
let n = 0;
const gmail = (tag: string) => `${tag}.${Date.now().toString(36)}${++n}@gmail.example`;

beforeAll(async () => {
  await fake.start();
  t = await createTestApp({
    ...fake.env(),
    APP_URL: 'http://localhost:3999',
    GOOGLE_CALENDAR_SYNC_INTERVAL_SECONDS: '3600',
  });
});

afterAll(async () => {
  await t?.close();
  await fake.stop();
});

async function member() {
  const { agent, body } = await signedInAgent(t.app);
  return { agent, userId: body.user.id, businessId: body.user.businessId };
}

async function connected(tag = 'ada') {
  const m = await member();
  const email = gmail(tag);
  const { done } = await connectCalendar(m.agent, fake, email);
  expect(done.statusCode).toBe(302);
  await settle(t.database.db);
  return { ...m, email };
}

const status = async (agent: Agent) => (await agent.get(`${GCAL}/status`)).json().data;

describe('Google Calendar: not configured', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp();
  });
  afterAll(async () => bare.close());

  it('says so plainly: status not_configured, and connect, sync and disconnect answer 400 with the same text', async () => {
    const { agent } = await signedInAgent(bare.app);
    expect(await (await agent.get(`${GCAL}/status`)).json()).toEqual({
      success: true,
      data: {
        configured: false,
        state: 'not_configured',
        run: 'idle',
        email: null,
        lastSyncedAt: null,
        lastError: null,
      },
    });
    for (const res of [
      await agent.get(`${GCAL}/connect`),
      await agent.post(`${GCAL}/sync`),
      await agent.post(`${GCAL}/disconnect`),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: GOOGLE_CALENDAR_MESSAGES.notConfigured });
    }
  });
});

describe('Google Calendar: connecting', () => {
  it('connect: 302 to Google’s consent with calendar.events, offline access, consent, PKCE S256 and a random state; the flow sealed in a cookie', async () => {
    const { agent } = await member();
    const res = await agent.get(`${GCAL}/connect`);
    expect(res.statusCode).toBe(302);
    const url = new URL(String(res.headers.location));
    expect(url.origin + url.pathname).toBe(`${fake.url}o/oauth2/v2/auth`);
    const q = url.searchParams;
    expect(q.get('client_id')).toBe('gcal-test-client');
    expect(q.get('redirect_uri')).toBe('http://localhost:3999/api/v1/integrations/google-calendar/callback');
    expect(q.get('scope')!.split(' ')).toContain('https://www.googleapis.com/auth/calendar.events');
    expect(q.get('access_type')).toBe('offline');
    expect(q.get('prompt')).toBe('consent');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')!.length).toBeGreaterThanOrEqual(40);
    const cookie = agent.jar.get(CONNECT_COOKIE)!;
    expect(cookie.path).toBe('/api/v1/integrations/google-calendar');
    expect(cookie.value).not.toContain(q.get('state')!);
    // A second start gives another state.
    const again = new URL(String((await agent.get(`${GCAL}/connect`)).headers.location));
    expect(again.searchParams.get('state')).not.toBe(q.get('state'));
  });

  it('callback: exchanges the code with the verifier, stores the tokens sealed, says connected as the account, and syncs', async () => {
    const m = await member();
    const email = gmail('grace');
    fake.addEvent(email, {
      summary: 'Dentist',
      start: { dateTime: '2026-12-01T09:00:00Z' },
      end: { dateTime: '2026-12-01T10:00:00Z' },
    });
    const { done } = await connectCalendar(m.agent, fake, email);
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe(
      'http://localhost:3999/businesses/settings?tab=integrations&googleCalendar=connected',
    );
    expect(m.agent.cookie(CONNECT_COOKIE)).toBeUndefined();
    await settle(t.database.db);
    const s = await status(m.agent);
    expect(s).toMatchObject({ configured: true, state: 'connected', email, lastError: null });
    expect(s.lastSyncedAt).not.toBeNull();
    const row = (await connectionRow(t.database.db, m.userId, m.businessId))!;
    expect(row.refreshTokenSealed).toMatch(/^v1\./);
    expect(row.accessTokenSealed).toMatch(/^v1\./);
    const refresh = [...fake['grants'].keys()].find((k) => fake['grants'].get(k)!.account.email === email)!;
    expect(JSON.stringify(row)).not.toContain(refresh);
    const rows = await meetingRows(t.database.db, m.businessId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      title: 'Dentist',
      source: 'google_calendar',
      userId: m.userId,
      googleUserId: m.userId,
    });
  });

  it('a callback whose state does not match the flow, or without the flow cookie, is refused: nothing stored', async () => {
    const m = await member();
    fake.consent = { email: gmail('eve') };
    const start = await m.agent.get(`${GCAL}/connect`);
    const atGoogle = await fetch(String(start.headers.location), { redirect: 'manual' });
    const callback = new URL(atGoogle.headers.get('location')!);
    callback.searchParams.set('state', 'forged-state');
    const forged = await m.agent.request({ method: 'GET', url: callback.pathname + callback.search });
    expect(forged.headers.location).toMatch(/googleCalendar=failed$/);
    // The flow is spent: the right state now fails too (no cookie).
    const again = await m.agent.request({
      method: 'GET',
      url: callback.pathname + callback.search.replace('forged-state', 'x'),
    });
    expect(again.headers.location).toMatch(/googleCalendar=failed$/);
    expect(await connectionRow(t.database.db, m.userId, m.businessId)).toBeNull();
    expect((await status(m.agent)).state).toBe('not_connected');
  });

  it('a code exchanged with a wrong PKCE verifier is refused by Google: failed', async () => {
    const m = await member();
    fake.consent = { email: gmail('mallory') };
    const start = await m.agent.get(`${GCAL}/connect`);
    const consent = new URL(String(start.headers.location));
    // An attacker's own authorization (other challenge) replayed into this browser's flow.
    consent.searchParams.set('code_challenge', 'A'.repeat(43));
    const atGoogle = await fetch(consent, { redirect: 'manual' });
    const callback = new URL(atGoogle.headers.get('location')!);
    const done = await m.agent.request({ method: 'GET', url: callback.pathname + callback.search });
    expect(done.headers.location).toMatch(/googleCalendar=failed$/);
    expect(await connectionRow(t.database.db, m.userId, m.businessId)).toBeNull();
  });

  it('the member refusing at Google comes back as denied', async () => {
    const m = await member();
    const { done } = await connectCalendar(m.agent, fake, gmail('no'), { deny: true });
    expect(done.headers.location).toMatch(/googleCalendar=denied$/);
    expect((await status(m.agent)).state).toBe('not_connected');
  });

  it('another member cannot complete my flow (the session must be the one that started it)', async () => {
    const me = await member();
    const other = await member();
    fake.consent = { email: gmail('me') };
    const start = await me.agent.get(`${GCAL}/connect`);
    const atGoogle = await fetch(String(start.headers.location), { redirect: 'manual' });
    const callback = new URL(atGoogle.headers.get('location')!);
    // The other member's browser gets my cookie and the callback URL.
    other.agent.jar.set(CONNECT_COOKIE, me.agent.jar.get(CONNECT_COOKIE)!);
    const done = await other.agent.request({ method: 'GET', url: callback.pathname + callback.search });
    expect(done.headers.location).toMatch(/googleCalendar=failed$/);
    expect(await connectionRow(t.database.db, other.userId, other.businessId)).toBeNull();
  });

  it('disconnect revokes at Google, forgets the tokens and keeps the meetings', async () => {
    const m = await connected('dis');
    fake.addEvent(m.email, { summary: 'Kept', start: { date: '2026-12-05' }, end: { date: '2026-12-06' } });
    await syncNow(m.agent, t.database.db);
    expect(await meetingRows(t.database.db, m.businessId)).toHaveLength(1);
    const res = await m.agent.post(`${GCAL}/disconnect`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.state).toBe('not_connected');
    expect(fake.requests.some((r) => r.path.startsWith('/revoke'))).toBe(true);
    expect(await connectionRow(t.database.db, m.userId, m.businessId)).toBeNull();
    expect(await meetingRows(t.database.db, m.businessId)).toHaveLength(1);
    // Sync now without a connection: said plainly.
    const sync = await m.agent.post(`${GCAL}/sync`);
    expect(sync.statusCode).toBe(400);
    expect(sync.json().error).toBe(GOOGLE_CALENDAR_MESSAGES.notConnectedError);
  });

  it('status is per member and per business: another member of another business sees nothing of mine', async () => {
    const m = await connected('scoped');
    const stranger = await member();
    expect((await status(stranger.agent)).state).toBe('not_connected');
    expect((await status(m.agent)).state).toBe('connected');
  });
});

describe('Google Calendar: inbound sync', () => {
  it('Google-only events become read-only rows; edits, moves and deletes in Google follow; no duplicates', async () => {
    const m = await connected('inbound');
    const db = t.database.db;
    const lunch = fake.addEvent(m.email, {
      summary: 'Lunch',
      location: 'Cafe',
      start: { dateTime: '2026-12-02T12:00:00Z' },
      end: { dateTime: '2026-12-02T13:00:00Z' },
    });
    const trip = fake.addEvent(m.email, {
      summary: 'Trip',
      start: { date: '2026-12-10' },
      end: { date: '2026-12-13' },
    });
    await syncNow(m.agent, db);
    let rows = await meetingRows(db, m.businessId);
    expect(rows.map((r) => r.title).sort()).toEqual(['Lunch', 'Trip']);
    const tripRow = rows.find((r) => r.title === 'Trip')!;
    // All-day: Google's exclusive end (the 13th) is the meeting's inclusive last day (the 12th).
    expect(tripRow).toMatchObject({ isAllDay: true, source: 'google_calendar', syncToGoogle: false });
    expect(tripRow.startAt.toISOString()).toBe('2026-12-10T00:00:00.000Z');
    expect(tripRow.endAt.toISOString()).toBe('2026-12-12T00:00:00.000Z');

    // Read-only in Atrium until linked to a project.
    const seen = (await m.agent.get(`/meetings/${tripRow.id}`)).json().data;
    expect(seen).toMatchObject({ source: 'google_calendar', isReadOnly: true, googleCalendarEventId: trip.id });
    expect((await m.agent.put(`/meetings/${tripRow.id}`, { title: 'Mine now' })).statusCode).toBe(403);
    fake.editEvent(m.email, lunch.id, { summary: 'Long lunch', end: { dateTime: '2026-12-02T14:00:00Z' } });
    fake.deleteEvent(m.email, trip.id);
    await syncNow(m.agent, db);
    rows = await meetingRows(db, m.businessId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ title: 'Long lunch', location: 'Cafe' });
    expect(rows[0]!.endAt.toISOString()).toBe('2026-12-02T14:00:00.000Z');

    // The second run asked for changes only (a sync token), and a run with nothing new changes nothing.
    const lists = fake.requests.filter((r) => r.method === 'GET' && r.path.includes('/events?'));
    expect(lists.at(-1)!.path).toContain('syncToken=');
    await syncNow(m.agent, db);
    expect(await meetingRows(db, m.businessId)).toHaveLength(1);
  });

  it('pages through a large calendar (pageToken) and keeps the sync token of the last page', async () => {
    const m = await connected('pages');
    for (let i = 0; i < 600; i++) {
      fake.addEvent(m.email, {
        summary: `Event ${i}`,
        start: { dateTime: new Date(Date.UTC(2026, 11, 1, 8) + i * 3_600_000).toISOString() },
        end: { dateTime: new Date(Date.UTC(2026, 11, 1, 9) + i * 3_600_000).toISOString() },
      });
    }
    await m.agent.post(`${GCAL}/disconnect`);
    await connectCalendar(m.agent, fake, m.email);
    await settle(t.database.db);
    expect(await meetingRows(t.database.db, m.businessId)).toHaveLength(600);
    const pages = fake.requests.filter((r) => r.path.includes('pageToken='));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect((await connectionRow(t.database.db, m.userId, m.businessId))!.syncToken).not.toBeNull();
  });

  it('410 for an expired sync token: the token is dropped, everything is listed again, and Google-only rows Google no longer has are removed', async () => {
    const m = await connected('gone');
    const db = t.database.db;
    const a = fake.addEvent(m.email, { summary: 'A', start: { date: '2026-12-01' }, end: { date: '2026-12-02' } });
    fake.addEvent(m.email, { summary: 'B', start: { date: '2026-12-03' }, end: { date: '2026-12-04' } });
    await syncNow(m.agent, db);
    expect(await meetingRows(db, m.businessId)).toHaveLength(2);
    // A is deleted and its tombstone purged (an incremental sync could not tell), and the token expires.
    fake.deleteEvent(m.email, a.id);
    fake.purgeDeleted(m.email);
    fake.expireSyncTokens(m.email);
    await syncNow(m.agent, db);
    expect((await meetingRows(db, m.businessId)).map((r) => r.title)).toEqual(['B']);
    const recent = fake.requests.slice(-3).map((r) => r.path);
    expect(recent.some((p) => p.includes('syncToken='))).toBe(true);
    expect((await status(m.agent)).state).toBe('connected');
  });

  it('an expired access token is refreshed (and stored); a revoked grant turns the connection to reconnect, shown to the member', async () => {
    const m = await connected('revoked');
    const before = (await connectionRow(t.database.db, m.userId, m.businessId))!;
    fake.expireAccessTokens();
    fake.addEvent(m.email, { summary: 'After refresh', start: { date: '2026-12-01' }, end: { date: '2026-12-02' } });
    await syncNow(m.agent, t.database.db);
    expect((await meetingRows(t.database.db, m.businessId)).map((r) => r.title)).toEqual(['After refresh']);
    const after = (await connectionRow(t.database.db, m.userId, m.businessId))!;
    expect(after.accessTokenSealed).not.toBe(before.accessTokenSealed);

    fake.revoke(m.email);
    fake.expireAccessTokens();
    await syncNow(m.agent, t.database.db);
    const s = await status(m.agent);
    expect(s.state).toBe('reconnect');
    expect(s.lastError).toMatch(/expired or revoked|invalid_grant/);
    expect((await connectionRow(t.database.db, m.userId, m.businessId))!.refreshTokenSealed).toBeNull();
    // Sync now says reconnect; connecting again brings it back.
    const sync = await m.agent.post(`${GCAL}/sync`);
    expect(sync.json().error).toBe(GOOGLE_CALENDAR_MESSAGES.reconnectError);
    await connectCalendar(m.agent, fake, m.email);
    await settle(t.database.db);
    expect((await status(m.agent)).state).toBe('connected');
    expect(await meetingRows(t.database.db, m.businessId)).toHaveLength(1);
  });

  it('429 and 5xx from Google: the run is retried with backoff, nothing is lost, and the error is shown meanwhile', async () => {
    const m = await connected('flaky');
    fake.addEvent(m.email, { summary: 'Eventually', start: { date: '2026-12-01' }, end: { date: '2026-12-02' } });
    fake.failNext(1, 429);
    fake.failNext(1, 503);
    await m.agent.post(`${GCAL}/sync`);
    // The first run fails (429): the job waits for its retry, the member sees why.
    for (let i = 0; i < 100 && !(await status(m.agent)).lastError; i++) await new Promise((r) => setTimeout(r, 50));
    expect((await status(m.agent)).lastError).toMatch(/Rate Limit Exceeded|Backend Error/);
    await settle(t.database.db, { retriesNow: true });
    expect((await meetingRows(t.database.db, m.businessId)).map((r) => r.title)).toEqual(['Eventually']);
    const s = await status(m.agent);
    expect(s).toMatchObject({ state: 'connected', lastError: null });
    const [job] = await sqlRows<{ retry_count: number }>(
      t.database.db,
      sql`SELECT retry_count FROM pgboss.job WHERE name = 'google-calendar-sync' AND state = 'completed'
          ORDER BY completed_on DESC LIMIT 1`,
    );
    expect(job!.retry_count).toBe(2);
  });

  it('the same Google account connected in two businesses: each event lands in one business only', async () => {
    const m = await connected('twice');
    const db = t.database.db;
    fake.addEvent(m.email, { summary: 'Shared', start: { date: '2026-12-01' }, end: { date: '2026-12-02' } });
    await syncNow(m.agent, db);
    const other = await m.agent.post('/businesses', { name: 'Second business' });
    const secondId = other.json().data._id as string;
    expect((await m.agent.post(`/businesses/${secondId}/switch`)).statusCode).toBeLessThan(300);
    await connectCalendar(m.agent, fake, m.email);
    await settle(db);
    expect(await status(m.agent)).toMatchObject({ state: 'connected', email: m.email });
    expect(await connectionRow(db, m.userId, secondId)).not.toBeNull();
    const counted = await sqlRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM meetings WHERE google_user_id = ${m.userId}`,
    );
    expect(counted[0]!.n).toBe(1);
    expect(await meetingRows(db, secondId)).toHaveLength(0);
  });
});

describe('Google Calendar: outbound (meetings with sync on)', () => {
  const base = {
    title: 'Kickoff',
    startDate: '2026-12-07T10:00:00.000Z',
    endDate: '2026-12-07T11:00:00.000Z',
    syncToGoogleCalendar: true,
  };
  const create = async (agent: Agent, body: Record<string, unknown> = {}) => {
    const res = await agent.post('/meetings', { ...base, ...body });
    expect(res.statusCode).toBe(201);
    return res.json().data as {
      _id: string;
      syncedToGoogleCalendar: boolean;
      googleCalendarEventId: string | null;
      googleCalendarUrl: string | null;
      updatedAt: string;
    };
  };

  it('create, update and delete in Atrium are written to the organizer’s Google Calendar; the answer carries the event', async () => {
    const m = await connected('out');
    const meeting = await create(m.agent, { location: 'Studio' });
    expect(meeting.syncedToGoogleCalendar).toBe(true);
    expect(meeting.googleCalendarEventId).toMatch(/^atrium[0-9a-f]{32}$/);
    expect(meeting.googleCalendarUrl).toMatch(/^https:\/\/www\.google\.com\/calendar\/event\?eid=/);
    const event = fake.event(m.email, meeting.googleCalendarEventId!)!;
    expect(event).toMatchObject({
      summary: 'Kickoff',
      location: 'Studio',
      status: 'confirmed',
      start: { dateTime: '2026-12-07T10:00:00.000Z' },
      extendedProperties: { private: { atriumMeetingId: meeting._id, atriumBusinessId: m.businessId } },
    });
    // An update patches the same event (If-Match its etag), never a second one.
    const put = await m.agent.put(`/meetings/${meeting._id}`, {
      title: 'Kickoff (moved)',
      startDate: '2026-12-08T10:00:00.000Z',
      endDate: '2026-12-08T11:30:00.000Z',
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.syncedToGoogleCalendar).toBe(true);
    expect(fake.liveEvents(m.email)).toHaveLength(1);
    expect(fake.event(m.email, meeting.googleCalendarEventId!)).toMatchObject({
      summary: 'Kickoff (moved)',
      end: { dateTime: '2026-12-08T11:30:00.000Z' },
    });
    expect(fake.requests.some((r) => r.method === 'PATCH' && r.path.includes(meeting.googleCalendarEventId!))).toBe(
      true,
    );
    // Our own write comes back in the next sync: nothing changes, no duplicate row.
    await syncNow(m.agent, t.database.db);
    expect(await meetingRows(t.database.db, m.businessId)).toHaveLength(1);
    expect((await meetingRows(t.database.db, m.businessId))[0]!.title).toBe('Kickoff (moved)');
    // Delete: the event goes too.
    expect((await m.agent.delete(`/meetings/${meeting._id}`)).statusCode).toBe(200);
    expect(fake.event(m.email, meeting.googleCalendarEventId!)!.status).toBe('cancelled');
    await syncNow(m.agent, t.database.db);
    expect(await meetingRows(t.database.db, m.businessId)).toHaveLength(0);
  });

  it('an all-day meeting is written with Google’s exclusive end date, and read back as the same days', async () => {
    const m = await connected('allday');
    const meeting = await create(m.agent, { isAllDay: true, startDate: '2026-12-24', endDate: '2026-12-26' });
    expect(fake.event(m.email, meeting.googleCalendarEventId!)).toMatchObject({
      start: { date: '2026-12-24' },
      end: { date: '2026-12-27' },
    });
    fake.editEvent(m.email, meeting.googleCalendarEventId!, { summary: 'Holidays' });
    await syncNow(m.agent, t.database.db);
    const [row] = await meetingRows(t.database.db, m.businessId);
    expect(row).toMatchObject({ title: 'Holidays', isAllDay: true, source: 'atrium' });
    expect(row!.endAt.toISOString()).toBe('2026-12-26T00:00:00.000Z');
  });

  it('changed in Google: the linked meeting follows; deleted in Google: the meeting is deleted here too', async () => {
    const m = await connected('remote');
    const meeting = await create(m.agent);
    fake.editEvent(m.email, meeting.googleCalendarEventId!, {
      summary: 'Moved in Google',
      start: { dateTime: '2026-12-09T15:00:00Z' },
      end: { dateTime: '2026-12-09T16:00:00Z' },
    });
    await syncNow(m.agent, t.database.db);
    const got = (await m.agent.get(`/meetings/${meeting._id}`)).json().data;
    expect(got).toMatchObject({
      title: 'Moved in Google',
      startDate: '2026-12-09T15:00:00.000Z',
      syncedToGoogleCalendar: true,
    });
    fake.deleteEvent(m.email, meeting.googleCalendarEventId!);
    await syncNow(m.agent, t.database.db);
    expect((await m.agent.get(`/meetings/${meeting._id}`)).statusCode).toBe(404);
    expect(fake.liveEvents(m.email)).toHaveLength(0);
  });

  it('conflict: Google changed the event after our last write; a newer local change wins (If-Match 412 → pushed), never overwritten', async () => {
    const m = await connected('conflict');
    const meeting = await create(m.agent);
    fake.editEvent(m.email, meeting.googleCalendarEventId!, { summary: 'Older edit in Google' });
    await new Promise((r) => setTimeout(r, 5));
    // Local edit after Google's: the patch with the old etag answers 412; ours is newer, so it is written.
    const put = await m.agent.put(`/meetings/${meeting._id}`, { title: 'Newer edit in Atrium' });
    expect(put.json().data.syncedToGoogleCalendar).toBe(true);
    expect(fake.event(m.email, meeting.googleCalendarEventId!)!.summary).toBe('Newer edit in Atrium');
    expect(fake.requests.filter((r) => r.method === 'PATCH').length).toBeGreaterThanOrEqual(2);
    await syncNow(m.agent, t.database.db);
    expect((await m.agent.get(`/meetings/${meeting._id}`)).json().data.title).toBe('Newer edit in Atrium');
  });

  it('conflict: a local change that never reached Google is older than Google’s edit: Google’s version wins', async () => {
    const m = await connected('older');
    const meeting = await create(m.agent);
    // The write fails inline and once more in its job, which then waits for its retry.
    fake.failNext(2, 503);
    const put = await m.agent.put(`/meetings/${meeting._id}`, { title: 'Local, not sent' });
    expect(put.json().data.syncedToGoogleCalendar).toBe(false);
    for (let i = 0; i < 100 && (await jobsIn(t.database.db, 'google-calendar-push', ['retry'])).length === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await jobsIn(t.database.db, 'google-calendar-push', ['retry'])).toHaveLength(1);
    expect(fake.event(m.email, meeting.googleCalendarEventId!)!.summary).toBe('Kickoff');
    fake.editEvent(m.email, meeting.googleCalendarEventId!, { summary: 'Later in Google' });
    // The sync and the retried write, in whichever order: Google's newer version stays.
    expect((await m.agent.post(`${GCAL}/sync`)).statusCode).toBe(202);
    await settle(t.database.db, { retriesNow: true });
    expect((await m.agent.get(`/meetings/${meeting._id}`)).json().data).toMatchObject({
      title: 'Later in Google',
      syncedToGoogleCalendar: true,
    });
    expect(fake.liveEvents(m.email).map((e) => e.summary)).toEqual(['Later in Google']);
  });

  it('429/5xx on a write: the meeting stays saved (unsynced), a retry job with backoff pushes it later — one event in Google', async () => {
    const m = await connected('retry');
    // Fails inline and in the job's first run (which starts at once), which then waits for its retry.
    fake.failNext(2, 503);
    const meeting = await create(m.agent, { title: 'Saved anyway' });
    expect(meeting.syncedToGoogleCalendar).toBe(false);
    expect((await m.agent.get(`/meetings/${meeting._id}`)).json().data.title).toBe('Saved anyway');
    expect(fake.liveEvents(m.email)).toHaveLength(0);
    await settle(t.database.db, { retriesNow: true });
    const after = (await m.agent.get(`/meetings/${meeting._id}`)).json().data;
    expect(after).toMatchObject({
      syncedToGoogleCalendar: true,
      googleCalendarEventId: expect.stringMatching(/^atrium/),
    });
    expect(fake.liveEvents(m.email).map((e) => e.summary)).toEqual(['Saved anyway']);

    // A 429 on an update, then the member's sync: the pending change is pushed by the sync too; still one event.
    fake.failNext(2, 429);
    const put = await m.agent.put(`/meetings/${meeting._id}`, { title: 'Renamed while throttled' });
    expect(put.json().data.syncedToGoogleCalendar).toBe(false);
    await settle(t.database.db, { retriesNow: true });
    expect(fake.liveEvents(m.email).map((e) => e.summary)).toEqual(['Renamed while throttled']);
    expect((await m.agent.get(`/meetings/${meeting._id}`)).json().data.syncedToGoogleCalendar).toBe(true);
  });

  it('an insert whose answer was lost is not duplicated by the retry (the event id is derived from the meeting)', async () => {
    const m = await connected('lost');
    const meeting = await create(m.agent, { syncToGoogleCalendar: false });
    // Simulate: the event was written to Google but Atrium never learnt it (a lost answer).
    const { eventIdFor, toGoogleEvent } = await import('./event-mapping');
    fake.addEvent(m.email, {
      id: eventIdFor(meeting._id),
      ...(toGoogleEvent(
        {
          id: meeting._id,
          businessId: m.businessId,
          title: 'Kickoff',
          description: null,
          location: null,
          startAt: new Date(base.startDate),
          endAt: new Date(base.endDate),
          isAllDay: false,
        },
        { withMarker: true },
      ) as object),
    });
    const put = await m.agent.put(`/meetings/${meeting._id}`, { syncToGoogleCalendar: true, title: 'Kickoff v2' });
    expect(put.json().data).toMatchObject({
      syncedToGoogleCalendar: true,
      googleCalendarEventId: eventIdFor(meeting._id),
    });
    expect(fake.liveEvents(m.email).map((e) => e.summary)).toEqual(['Kickoff v2']);
    await syncNow(m.agent, t.database.db);
    expect(await meetingRows(t.database.db, m.businessId)).toHaveLength(1);
  });

  it('turning sync off removes the event from Google; a revoked grant on a write turns the connection to reconnect, the meeting kept', async () => {
    const m = await connected('off');
    const meeting = await create(m.agent);
    const off = await m.agent.put(`/meetings/${meeting._id}`, { syncToGoogleCalendar: false });
    expect(off.json().data).toMatchObject({ syncedToGoogleCalendar: false, googleCalendarEventId: null });
    expect(fake.liveEvents(m.email)).toHaveLength(0);
    fake.revoke(m.email);
    fake.expireAccessTokens();
    const on = await m.agent.put(`/meetings/${meeting._id}`, { syncToGoogleCalendar: true, title: 'Kept' });
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toMatchObject({ title: 'Kept', syncedToGoogleCalendar: false });
    expect((await status(m.agent)).state).toBe('reconnect');
  });

  it('no connection: the meeting is saved with syncedToGoogleCalendar false; a later connect pushes it', async () => {
    const m = await member();
    const meeting = await create(m.agent, { title: 'Before connecting' });
    expect(meeting.syncedToGoogleCalendar).toBe(false);
    const email = gmail('later');
    await connectCalendar(m.agent, fake, email);
    await settle(t.database.db);
    expect(fake.liveEvents(email).map((e) => e.summary)).toEqual(['Before connecting']);
    expect((await m.agent.get(`/meetings/${meeting._id}`)).json().data.syncedToGoogleCalendar).toBe(true);
  });

  it('mixed edits, moves and deletes on both sides end with one event per meeting and one meeting per event', async () => {
    const m = await connected('mixed');
    const db = t.database.db;
    const ours = [];
    for (let i = 0; i < 4; i++) ours.push(await create(m.agent, { title: `Ours ${i}` }));
    const theirs = [0, 1, 2].map((i) =>
      fake.addEvent(m.email, {
        summary: `Theirs ${i}`,
        start: { date: `2026-12-1${i}` },
        end: { date: `2026-12-1${i + 1}` },
      }),
    );
    await syncNow(m.agent, db);
    await m.agent.put(`/meetings/${ours[0]!._id}`, {
      startDate: '2026-12-20T10:00:00.000Z',
      endDate: '2026-12-20T12:00:00.000Z',
    });
    fake.editEvent(m.email, ours[1]!.googleCalendarEventId!, { summary: 'Ours 1 renamed in Google' });
    fake.deleteEvent(m.email, ours[2]!.googleCalendarEventId!);
    await m.agent.delete(`/meetings/${ours[3]!._id}`);
    fake.editEvent(m.email, theirs[0]!.id, { start: { date: '2026-12-15' }, end: { date: '2026-12-16' } });
    fake.deleteEvent(m.email, theirs[1]!.id);
    fake.failNext(1, 500);
    await m.agent.put(`/meetings/${ours[0]!._id}`, { title: 'Ours 0 moved twice' });
    await syncNow(m.agent, db);
    await settle(db, { retriesNow: true });
    await syncNow(m.agent, db);
    const rows = await meetingRows(db, m.businessId);
    const live = fake.liveEvents(m.email);
    expect(rows.map((r) => r.title).sort()).toEqual([
      'Ours 0 moved twice',
      'Ours 1 renamed in Google',
      'Theirs 0',
      'Theirs 2',
    ]);
    expect(live.map((e) => e.summary).sort()).toEqual(rows.map((r) => r.title).sort());
    expect(new Set(rows.map((r) => r.googleEventId)).size).toBe(4);
    expect(rows.every((r) => r.syncedToGoogle)).toBe(true);
  });
});

describe('Google Calendar: members, attendees, full resyncs and follow-up runs', () => {
  /** A plain member (role member) of an owner's business, switched into it. */
  async function plainMember() {
    const owner = await member();
    const m = await member();
    await t.database.db
      .insert(businessMembers)
      .values({ businessId: owner.businessId, userId: m.userId, role: 'member' });
    expect((await m.agent.post(`/businesses/${owner.businessId}/switch`)).statusCode).toBeLessThan(300);
    return { owner, m: { ...m, businessId: owner.businessId } };
  }
  const newContact = async (agent: Agent, firstName: string, email: string) =>
    (await agent.post('/contacts', { firstName, lastName: 'Contact', email })).json().data._id as string;
  const unique = (tag: string) => `${tag}.${Date.now().toString(36)}${++n}@example.com`;

  it('a plain member connects their own calendar from the profile, and comes back to the profile’s integrations tab', async () => {
    const { owner, m } = await plainMember();
    const email = gmail('member');
    fake.addEvent(email, { summary: 'Member’s own', start: { date: '2026-12-01' }, end: { date: '2026-12-02' } });
    const { start, done } = await connectCalendar(m.agent, fake, email, { from: 'profile' });
    expect(start.statusCode).toBe(302);
    expect(done.headers.location).toBe('http://localhost:3999/settings/profile/integrations?googleCalendar=connected');
    await settle(t.database.db);
    expect(await status(m.agent)).toMatchObject({ state: 'connected', email, run: 'idle' });
    // The connection is the member's, in the owner's business; the owner's own stays unconnected.
    expect(await connectionRow(t.database.db, m.userId, owner.businessId)).not.toBeNull();
    expect((await status(owner.agent)).state).toBe('not_connected');
    const rows = await meetingRows(t.database.db, owner.businessId);
    expect(rows.map((r) => [r.title, r.googleUserId])).toEqual([['Member’s own', m.userId]]);
    // A connect flow whose cookie is lost comes back to the profile (every member may open it), as failed.
    const lost = await m.agent.get(`${GCAL}/callback?state=x&code=y`);
    expect(lost.headers.location).toBe('http://localhost:3999/settings/profile/integrations?googleCalendar=failed');
    // `from` is one of two places.
    expect((await m.agent.get(`${GCAL}/connect?from=elsewhere`)).statusCode).toBe(400);
  });

  it('attendees go out as guests (no invitations sent); guests come in as the business’s contacts and members, others left out', async () => {
    const m = await connected('guests');
    const db = t.database.db;
    const adaMail = unique('ada');
    const ada = await newContact(m.agent, 'Ada', adaMail);
    const meeting = (
      await m.agent.post('/meetings', {
        title: 'With guests',
        startDate: '2026-12-07T10:00:00.000Z',
        endDate: '2026-12-07T11:00:00.000Z',
        syncToGoogleCalendar: true,
        attendees: [
          { id: ada, model: 'Contact', email: adaMail, name: 'Ada Contact' },
          { id: m.userId, model: 'User', email: null, name: 'Me, no address' },
        ],
      })
    ).json().data;
    expect(meeting.syncedToGoogleCalendar).toBe(true);
    expect(fake.event(m.email, meeting.googleCalendarEventId)!.attendees).toEqual([
      { email: adaMail, displayName: 'Ada Contact' },
    ]);
    const writes = fake.requests.filter((r) => r.method === 'POST' && r.path.includes('/events'));
    expect(writes.at(-1)!.path).toContain('sendUpdates=none');

    // In Google: a second contact and a stranger are added as guests, the owner (self) and a room are there too.
    const bobMail = unique('bob');
    const bob = await newContact(m.agent, 'Bob', bobMail);
    fake.editEvent(m.email, meeting.googleCalendarEventId, {
      attendees: [
        { email: m.email, self: true, organizer: true },
        { email: adaMail.toUpperCase() },
        { email: bobMail, displayName: 'Bobby' },
        { email: 'stranger@elsewhere.example' },
        { email: 'room@resource.calendar.google.com', resource: true },
      ],
    });
    await syncNow(m.agent, db);
    const after = (await m.agent.get(`/meetings/${meeting._id}`)).json().data;
    expect(after.attendees).toEqual([
      { id: ada, model: 'Contact', email: adaMail, name: 'Ada Contact' },
      { id: bob, model: 'Contact', email: bobMail, name: 'Bob Contact' },
      { id: m.userId, model: 'User', email: null, name: 'Me, no address' },
    ]);
    const ofBob = (await m.agent.get(`/meetings/contact/${bob}`)).json().data as { _id: string }[];
    expect(ofBob.map((x) => x._id)).toEqual([meeting._id]);

    // A Google-only event's guests: the member (by address) and a contact become attendees of the read-only row.
    const [me] = await sqlRows<{ email: string }>(db, sql`SELECT email FROM users WHERE id = ${m.userId}`);
    const mirror = fake.addEvent(m.email, {
      summary: 'Their invite',
      start: { dateTime: '2026-12-09T09:00:00Z' },
      end: { dateTime: '2026-12-09T10:00:00Z' },
      attendees: [{ email: me!.email }, { email: bobMail }, { email: 'nobody@elsewhere.example' }],
    });
    await syncNow(m.agent, db);
    const row = (await meetingRows(db, m.businessId)).find((r) => r.googleEventId === mirror.id)!;
    expect(row.attendees.map((a) => [a.model, a.id])).toEqual([
      ['User', m.userId],
      ['Contact', bob],
    ]);
    const ofBobNow = (await m.agent.get(`/meetings/contact/${bob}`)).json().data as { _id: string }[];
    expect(ofBobNow.map((x) => x._id).sort()).toEqual([meeting._id, row.id].sort());
  });

  it('a full resync (410) removes synced meetings whose event is gone from Google; a meeting changed here since is written back', async () => {
    const m = await connected('resync');
    const db = t.database.db;
    const create = async (title: string) =>
      (
        await m.agent.post('/meetings', {
          title,
          startDate: '2026-12-07T10:00:00.000Z',
          endDate: '2026-12-07T11:00:00.000Z',
          syncToGoogleCalendar: true,
        })
      ).json().data as { _id: string; googleCalendarEventId: string };
    const gone = await create('Gone in Google');
    const edited = await create('Edited here since');
    const kept = await create('Still in Google');
    await syncNow(m.agent, db);
    // Both events are deleted in Google and purged (an incremental sync could not tell); the token expires.
    fake.deleteEvent(m.email, gone.googleCalendarEventId);
    fake.deleteEvent(m.email, edited.googleCalendarEventId);
    fake.purgeDeleted(m.email);
    fake.expireSyncTokens(m.email);
    // A local change not yet in Google (its write waits for a retry).
    await db.execute(
      sql`UPDATE meetings SET title = 'Edited here since (v2)', synced_to_google = false, updated_at = now()
          WHERE id = ${edited._id}`,
    );
    await syncNow(m.agent, db);
    const rows = await meetingRows(db, m.businessId);
    expect(rows.map((r) => r.title).sort()).toEqual(['Edited here since (v2)', 'Still in Google']);
    expect(rows.every((r) => r.syncedToGoogle)).toBe(true);
    expect(
      fake
        .liveEvents(m.email)
        .map((e) => e.summary)
        .sort(),
    ).toEqual(['Edited here since (v2)', 'Still in Google']);
    expect(kept._id).toBe(rows.find((r) => r.title === 'Still in Google')!.id);
  });

  it('connecting another Google account: the meetings are written to it, never deleted for missing there; the old account’s events go', async () => {
    const m = await connected('first');
    const db = t.database.db;
    const meeting = (
      await m.agent.post('/meetings', {
        title: 'Mine',
        startDate: '2026-12-07T10:00:00.000Z',
        endDate: '2026-12-07T11:00:00.000Z',
        syncToGoogleCalendar: true,
      })
    ).json().data;
    fake.addEvent(m.email, { summary: 'Old account only', start: { date: '2026-12-01' }, end: { date: '2026-12-02' } });
    await syncNow(m.agent, db);
    expect(await meetingRows(db, m.businessId)).toHaveLength(2);
    const other = gmail('second');
    await connectCalendar(m.agent, fake, other);
    await settle(db);
    expect((await meetingRows(db, m.businessId)).map((r) => r.title)).toEqual(['Mine']);
    expect(fake.liveEvents(other).map((e) => e.summary)).toEqual(['Mine']);
    expect((await m.agent.get(`/meetings/${meeting._id}`)).json().data.syncedToGoogleCalendar).toBe(true);
  });

  it('Sync now while a run is in progress queues one follow-up run (said in run), never more, and it runs after', async () => {
    const m = await connected('busy');
    const db = t.database.db;
    const lists = () => fake.requests.filter((r) => r.method === 'GET' && r.path.includes('/events?')).length;
    const hold = fake.holdLists();
    const first = await m.agent.post(`${GCAL}/sync`);
    expect(first.statusCode).toBe(202);
    await hold.reached;
    expect((await status(m.agent)).run).toBe('running');
    fake.addEvent(m.email, {
      summary: 'Added during the run',
      start: { date: '2026-12-03' },
      end: { date: '2026-12-04' },
    });
    const second = await m.agent.post(`${GCAL}/sync`);
    expect(second.statusCode).toBe(202);
    expect(second.json().data.run).toBe('follow_up');
    const third = await m.agent.post(`${GCAL}/sync`);
    expect(third.json().data.run).toBe('follow_up');
    expect(await jobsIn(db, 'google-calendar-sync', ['created', 'retry', 'active'])).toHaveLength(2);
    const connectionId = (await connectionRow(db, m.userId, m.businessId))!.id;
    const runsOf = async () =>
      (await jobsIn(db, 'google-calendar-sync', ['completed'])).filter((j) => j.data.connectionId === connectionId)
        .length;
    const before = { runs: await runsOf(), lists: lists() };
    hold.release();
    await settle(db, { retriesNow: true });
    // Both ran to the end, one after the other: the held run and its follow-up (which listed again).
    expect((await runsOf()) - before.runs).toBe(2);
    expect(lists() - before.lists).toBeGreaterThanOrEqual(1);
    expect((await status(m.agent)).run).toBe('idle');
    expect((await meetingRows(db, m.businessId)).map((r) => r.title)).toContain('Added during the run');
  });
});

// Last: the 1 s timer of the process it starts keeps queueing syncs until the file ends.
describe('Google Calendar: the schedule', () => {
  it('scheduled: every interval the timer queues the connections not synced since, without anyone asking', async () => {
    const m = await connected('timer');
    fake.addEvent(m.email, {
      summary: 'Seen by the timer',
      start: { date: '2026-12-01' },
      end: { date: '2026-12-02' },
    });
    // A process whose interval is 1 s (this file's app has an hour).
    await t.sibling({ ...fake.env(), APP_URL: 'http://localhost:3999', GOOGLE_CALENDAR_SYNC_INTERVAL_SECONDS: '1' });
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && (await meetingRows(t.database.db, m.businessId)).length === 0) {
      await new Promise((r) => setTimeout(r, 200));
    }
    expect((await meetingRows(t.database.db, m.businessId)).map((r) => r.title)).toEqual(['Seen by the timer']);
  });

  it('a member who left the business: their connection is dropped at the next run, nothing more comes in', async () => {
    const m = await connected('leaver');
    await t.database.db.execute(
      sql`DELETE FROM business_members WHERE user_id = ${m.userId} AND business_id = ${m.businessId}`,
    );
    fake.addEvent(m.email, { summary: 'Not for them', start: { date: '2026-12-01' }, end: { date: '2026-12-02' } });
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && (await connectionRow(t.database.db, m.userId, m.businessId)) !== null) {
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(await connectionRow(t.database.db, m.userId, m.businessId)).toBeNull();
    expect(await meetingRows(t.database.db, m.businessId)).toHaveLength(0);
  });
});
