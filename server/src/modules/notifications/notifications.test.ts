import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { and, count, eq, isNull, or } from 'drizzle-orm';
import { ACCESS_COOKIE, API_ROOT } from '@atrium/contracts';
import { buildApp } from '../../app';
import {
  communities,
  communityMembers,
  friendRequests,
  notificationUnreadCounts,
  notifications as notificationsTable,
  userBlocks,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { signUp, type SignedUp } from '../../../test/security-helpers';
import { join, listOf, openStream, sleep, unread } from '../../../test/notification-helpers';
import { NotificationBroker } from './notifications.broker';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';

describe('notifications', () => {
  let t: TestApp;
  let owner: SignedUp;
  let member: SignedUp;
  let stranger: SignedUp;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t);
    member = await join(t, owner);
    stranger = await signUp(t);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  test('a new contact reaches the other members, not its creator nor another business', async () => {
    const before = await unread(member);
    const created = await owner.agent.post('/contacts', {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'gh@example.com',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data._id as string;
    const [first] = await listOf(member);
    expect(first).toEqual({
      _id: expect.any(String),
      type: 'CONTACT_CREATED',
      title: 'New contact',
      message: 'Grace Hopper was added to your contacts',
      read: false,
      createdAt: expect.any(String),
      data: { url: `/contacts/${id}` },
    });
    expect(await unread(member)).toBe(before + 1);
    expect((await listOf(owner)).filter((n) => n.type === 'CONTACT_CREATED')).toEqual([]);
    expect(await listOf(stranger)).toEqual([]);
  });

  test('read, read all, delete: only the caller’s own (404 otherwise); filters and pages', async () => {
    await owner.agent.post('/contacts', { firstName: 'Alan', email: 'alan@example.com' });
    await owner.agent.post('/contacts', { firstName: 'Ada', email: 'ada.l@example.com' });
    const list = await listOf(member, '?limit=2');
    expect(list).toHaveLength(2);
    const page = (await member.agent.get('/notifications?limit=2&page=1')).json().pagination;
    expect(page).toMatchObject({ page: 1, limit: 2 });
    expect(page.total).toBeGreaterThanOrEqual(3);

    const target = list[0]!;
    for (const [who, status] of [
      [stranger, 404],
      [owner, 404],
    ] as const) {
      expect((await who.agent.put(`/notifications/${target._id}/read`, {})).statusCode).toBe(status);
      expect((await who.agent.delete(`/notifications/${target._id}`)).statusCode).toBe(status);
    }
    const read = await member.agent.put(`/notifications/${target._id}/read`, {});
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({ _id: target._id, read: true });
    expect((await listOf(member, '?read=true')).map((n) => n._id)).toContain(target._id);
    expect((await listOf(member, '?read=false')).map((n) => n._id)).not.toContain(target._id);
    expect((await listOf(member, '?type=TASK')).length).toBe(0);
    expect((await listOf(member, '?type=CONTACT_CREATED')).length).toBeGreaterThanOrEqual(3);
    const today = new Date().toISOString().slice(0, 10);
    expect((await listOf(member, `?startDate=${today}&endDate=${today}`)).length).toBeGreaterThanOrEqual(3);
    expect(await listOf(member, '?endDate=2000-01-01')).toEqual([]);

    const bad = await member.agent.get('/notifications?type=NOPE&read=maybe&limit=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
    expect(
      bad
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['limit', 'read', 'type']);

    const all = await member.agent.put('/notifications/read/all', {});
    expect(all.json().data.updated).toBeGreaterThanOrEqual(2);
    expect(await unread(member)).toBe(0);

    expect((await member.agent.delete(`/notifications/${target._id}`)).statusCode).toBe(200);
    expect((await listOf(member)).map((n) => n._id)).not.toContain(target._id);
    expect((await member.agent.delete(`/notifications/${target._id}`)).statusCode).toBe(404);
  });

  test('a type switched off is not delivered to that member; others still get it', async () => {
    const admin = await join(t, owner, 'admin');
    const prefs = await member.agent.put('/notifications/preferences', { CONTACT_CREATED: false });
    expect(prefs.statusCode).toBe(200);
    expect(prefs.json().data).toMatchObject({ CONTACT_CREATED: false, TASK: true, SIGNATURE_COMPLETED: true });
    expect((await member.agent.get('/notifications/preferences')).json().data.CONTACT_CREATED).toBe(false);
    const before = await unread(member);
    await owner.agent.post('/contacts', { firstName: 'Muted', email: 'muted@example.com' });
    expect(await unread(member)).toBe(before);
    expect((await listOf(admin))[0]).toMatchObject({ message: 'Muted was added to your contacts' });
    expect((await member.agent.put('/notifications/preferences', { NOPE: true })).statusCode).toBe(400);
    expect((await member.agent.put('/notifications/preferences', { TASK: 'yes' })).statusCode).toBe(400);
    await member.agent.put('/notifications/preferences', { CONTACT_CREATED: true });
  });

  test('producers: task changed by another, project stage, meeting invitation, form submitted', async () => {
    const task = (await owner.agent.post('/tasks', { title: 'Call florist' })).json().data;
    await member.agent.patch(`/tasks/${task._id}`, { priority: 'high' });
    expect((await listOf(owner, '?type=TASK'))[0]).toMatchObject({
      title: 'Task updated',
      message: '“Call florist” was changed: priority',
      data: { url: `/calendar/tasks/${task._id}` },
    });
    await owner.agent.patch(`/tasks/${task._id}`, { priority: 'low' });
    expect(await listOf(owner, '?type=TASK')).toHaveLength(1);

    const project = (await owner.agent.post('/projects', { title: 'Wedding', type: 'Event' })).json().data;
    expect((await owner.agent.patch(`/projects/${project._id}/stage`, { stage: 'review' })).statusCode).toBe(200);
    expect((await listOf(member, '?type=PROJECT'))[0]).toMatchObject({
      message: '“Wedding” moved from Planning to Review',
      data: { projectId: project._id, url: `/projects/${project._id}` },
    });

    const meeting = await owner.agent.post('/meetings', {
      title: 'Site visit',
      startDate: '2026-12-01T10:00:00Z',
      endDate: '2026-12-01T11:00:00Z',
      attendees: [{ id: member.user.id, model: 'User', email: member.signup.email, name: 'Member' }],
    });
    expect(meeting.statusCode).toBe(201);
    expect((await listOf(member, '?type=CALENDAR'))[0]).toMatchObject({
      title: 'Meeting invitation',
      message: 'You were invited to “Site visit” on 2026-12-01 10:00 UTC',
      data: { url: `/calendar/meetings/${meeting.json().data._id}` },
    });
    expect(await listOf(owner, '?type=CALENDAR')).toEqual([]);

    const form = (
      await owner.agent.post('/contact-forms', {
        name: 'Website enquiries',
        questions: [{ id: 'q1', type: 'question', kind: 'shortText', label: 'What do you need?' }],
      })
    ).json().data;
    const visitor = await signUp(t);
    const sent = await visitor.agent.post(`/public/forms/${form.publicId}/submissions`, {
      contact: { firstName: 'Vera', email: 'vera@example.com' },
      answers: { q1: 'A quote' },
    });
    expect(sent.statusCode).toBe(201);
    const [bell] = await listOf(owner, '?type=FORM_SUBMITTED');
    expect(bell).toMatchObject({ title: 'New form response', message: 'Vera answered “Website enquiries”' });
    expect(bell!.data).toMatchObject({ formId: form._id, url: `/response/${bell!.data.submissionId}` });
    // Owners and admins are told; a plain member is not.
    expect(await listOf(member, '?type=FORM_SUBMITTED')).toEqual([]);
  });

  test('the unread count (counters kept by triggers) equals the unread rows through every kind of write', async () => {
    const reader = await join(t, owner);
    const db = t.database.db;
    const rows = async () => {
      const [row] = await db
        .select({ n: count() })
        .from(notificationsTable)
        .where(
          and(
            eq(notificationsTable.userId, reader.user.id),
            or(eq(notificationsTable.businessId, owner.user.businessId), isNull(notificationsTable.businessId)),
            isNull(notificationsTable.readAt),
          ),
        );
      return row!.n;
    };
    const same = async (expected: number) => {
      expect(await rows()).toBe(expected);
      expect(await unread(reader)).toBe(expected);
    };
    await same(0);
    // Three through the API (one statement each), a personal one, one of another business (not counted here), and
    // many in one statement, some of them read already.
    for (const i of [1, 2, 3])
      await owner.agent.post('/contacts', { firstName: `Count${i}`, email: `count${i}@x.test` });
    expect(
      (await owner.agent.post('/notifications/friend-request-sent', { recipientUserId: reader.user.id })).statusCode,
    ).toBe(201);
    await same(4);
    const many = (n: number, businessId: string | null, read: boolean) =>
      Array.from({ length: n }, (_, i) => ({
        id: randomUUID(),
        userId: reader.user.id,
        businessId,
        type: 'SYSTEM' as const,
        title: `Bulk ${i}`,
        message: 'bulk',
        readAt: read ? new Date() : null,
      }));
    await db
      .insert(notificationsTable)
      .values([
        ...many(30, owner.user.businessId, false),
        ...many(5, null, false),
        ...many(10, owner.user.businessId, true),
        ...many(7, stranger.user.businessId, false),
      ]);
    await same(39);

    const [first, second] = await listOf(reader, '?read=false&limit=2');
    expect((await reader.agent.put(`/notifications/${first!._id}/read`, {})).statusCode).toBe(200);
    await same(38);
    // Read again: nothing moves.
    expect((await reader.agent.put(`/notifications/${first!._id}/read`, {})).statusCode).toBe(200);
    await same(38);
    expect((await reader.agent.delete(`/notifications/${first!._id}`)).statusCode).toBe(200);
    await same(38);
    expect((await reader.agent.delete(`/notifications/${second!._id}`)).statusCode).toBe(200);
    await same(37);
    expect((await reader.agent.put('/notifications/read/all', {})).statusCode).toBe(200);
    await same(0);
    // The other business's seven are untouched and counted there.
    const counters = await db
      .select()
      .from(notificationUnreadCounts)
      .where(eq(notificationUnreadCounts.userId, reader.user.id));
    expect(Object.fromEntries(counters.map((c) => [c.businessKey, c.unread]))).toEqual({
      [owner.user.businessId]: 0,
      '': 0,
      [stranger.user.businessId]: 7,
    });
    // A rolled-back insert leaves the counter alone.
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(notificationsTable).values(many(3, owner.user.businessId, false));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await same(0);
  });

  test('inside a transaction that rolls back nothing is stored and nothing is pushed', async () => {
    const db = t.database.db;
    const service = new NotificationsService(new NotificationsRepository(db), () => undefined);
    const broker = new NotificationBroker(t.database, { warn: () => undefined, info: () => undefined });
    await broker.start();
    const seen: string[] = [];
    const off = broker.subscribe(member.user.id, (s) => seen.push(s.kind));
    const message = {
      businessId: owner.user.businessId,
      type: 'SYSTEM' as const,
      title: 'Rolled back',
      message: 'never',
      to: { userIds: [member.user.id, stranger.user.id] },
    };
    await expect(
      db.transaction(async (tx) => {
        await service.send(message, tx);
        throw new Error('the producer failed');
      }),
    ).rejects.toThrow('the producer failed');
    await sleep(200);
    expect(seen).toEqual([]);
    const stored = await db.select().from(notificationsTable).where(eq(notificationsTable.title, 'Rolled back'));
    expect(stored).toEqual([]);

    // Committed: stored for the member only (the stranger is not a member of that business), then pushed.
    await db.transaction(async (tx) => service.send({ ...message, title: 'Committed' }, tx));
    const until = Date.now() + 2_000;
    while (seen.length === 0 && Date.now() < until) await sleep(10);
    expect(seen).toEqual(['new']);
    const rows = await db.select().from(notificationsTable).where(eq(notificationsTable.title, 'Committed'));
    expect(rows.map((r) => r.userId)).toEqual([member.user.id]);
    off();
    await broker.stop();
  });

  test('friend requests: the recipient is told once, the sender when it is received; refusals', async () => {
    const sent = await owner.agent.post('/notifications/friend-request-sent', { recipientUserId: member.user.id });
    expect(sent.statusCode).toBe(201);
    expect(
      (await owner.agent.post('/notifications/friend-request-sent', { recipientUserId: member.user.id })).statusCode,
    ).toBe(201);
    const got = await listOf(member, '?type=FRIEND_REQUEST_RECEIVED');
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({
      title: 'New friend request',
      message: `${owner.signup.firstName} ${owner.signup.lastName} sent you a friend request`,
      data: { url: `/user/${owner.user.id}` },
    });
    expect(
      (await owner.agent.post('/notifications/friend-request-sent', { recipientUserId: owner.user.id })).statusCode,
    ).toBe(400);
    expect(
      (await owner.agent.post('/notifications/friend-request-sent', { recipientUserId: 'nobody' })).statusCode,
    ).toBe(404);
    expect((await owner.agent.post('/notifications/friend-request-sent', {})).statusCode).toBe(400);

    expect(
      (await owner.agent.post('/notifications/friend-request-received', { senderUserId: member.user.id })).statusCode,
    ).toBe(404);
    expect(
      (await member.agent.post('/notifications/friend-request-received', { senderUserId: owner.user.id })).statusCode,
    ).toBe(201);
    expect(
      (await member.agent.post('/notifications/friend-request-received', { senderUserId: owner.user.id })).statusCode,
    ).toBe(201);
    const back = await listOf(owner, '?type=FRIEND_REQUEST_SENT');
    expect(back).toHaveLength(1);
    expect(back[0]!.message).toBe(`${member.signup.firstName} ${member.signup.lastName} received your friend request`);
  });

  test('friend requests reach only someone the caller shares a business or a community with, who has not blocked them', async () => {
    const db = t.database.db;
    const loner = await signUp(t);
    const ask = (from: SignedUp, to: SignedUp) =>
      from.agent.post('/notifications/friend-request-sent', { recipientUserId: to.user.id });
    // Nothing shared: 'User not found', as for an id that does not exist; the bell stays empty.
    const refused = await ask(stranger, loner);
    expect({ status: refused.statusCode, error: refused.json().error }).toEqual({
      status: 404,
      error: 'User not found',
    });
    expect(await listOf(loner, '?type=FRIEND_REQUEST_RECEIVED')).toEqual([]);
    expect(await db.select().from(friendRequests).where(eq(friendRequests.recipientId, loner.user.id))).toEqual([]);

    // A community both belong to (active members): allowed. A pending membership is not enough.
    const [community] = await db
      .insert(communities)
      .values({ name: `Makers ${randomUUID()}` })
      .returning({ id: communities.id });
    await db.insert(communityMembers).values([
      { communityId: community!.id, userId: stranger.user.id },
      { communityId: community!.id, userId: loner.user.id, status: 'pending' },
    ]);
    expect((await ask(stranger, loner)).statusCode).toBe(404);
    await db.update(communityMembers).set({ status: 'active' }).where(eq(communityMembers.userId, loner.user.id));
    expect((await ask(stranger, loner)).statusCode).toBe(201);
    expect(await listOf(loner, '?type=FRIEND_REQUEST_RECEIVED')).toHaveLength(1);

    // A member of the same business who blocked the caller: refused the same way.
    const blocker = await join(t, owner);
    await db.insert(userBlocks).values({ blockerId: blocker.user.id, blockedId: owner.user.id });
    expect((await ask(owner, blocker)).statusCode).toBe(404);
    expect(await listOf(blocker, '?type=FRIEND_REQUEST_RECEIVED')).toEqual([]);
  });

  describe('the live stream', () => {
    let app: FastifyInstance;
    let base: string;

    beforeAll(async () => {
      app = await buildApp({
        config: t.config,
        database: t.database,
        secret: t.secret,
        logger: false,
        notificationsHeartbeatMs: 100,
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await app.close();
    });

    test('needs a session; HEAD answers at once', async () => {
      const res = await fetch(`${base}${API_ROOT}/notifications/stream`);
      expect(res.status).toBe(401);
      const cookie = [...member.agent.jar].map(([k, v]) => `${k}=${v.value}`).join('; ');
      const head = await fetch(`${base}${API_ROOT}/notifications/stream`, {
        method: 'HEAD',
        headers: { cookie },
        signal: AbortSignal.timeout(2_000),
      });
      expect(head.status).toBe(200);
    });

    test('a new notification is pushed within a second; not to other users; heartbeats; unbuffered headers', async () => {
      const stream = await openStream(base, member);
      const other = await openStream(base, stranger);
      try {
        expect(stream.res.status).toBe(200);
        expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
        expect(stream.res.headers.get('cache-control')).toContain('no-transform');
        await stream.waitFor((e) => e.includes('ready {}'));
        const started = Date.now();
        await owner.agent.post('/contacts', { firstName: 'Live', email: 'live@example.com' });
        await stream.waitFor((e) => e.includes('notification {"kind":"new"}'), 1_000);
        expect(Date.now() - started).toBeLessThan(1_000);
        await sleep(150);
        expect(other.events).toEqual(['ready {}']);
      } finally {
        await stream.close();
        await other.close();
      }
    });

    test('ends when the session is signed out', async () => {
      const session = await signUp(t);
      const stream = await openStream(base, session);
      await stream.waitFor((e) => e.includes('ready {}'));
      expect(session.agent.cookie(ACCESS_COOKIE)).toBeTruthy();
      expect((await session.agent.post('/auth/logout', {})).statusCode).toBeLessThan(300);
      const until = Date.now() + 3_000;
      while (!stream.ended && Date.now() < until) await sleep(20);
      expect(stream.ended).toBe(true);
      await stream.close();
    });
  });
});
