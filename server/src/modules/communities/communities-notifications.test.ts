import { communityAnswerSchema, eventAnswerSchema } from '@atrium/domain-market/schemas';
import { and, eq, sql } from 'drizzle-orm';
import { communityJoinNotices, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { signUp, type SignedUp } from '../../../test/security-helpers';
import { NotificationsRepository } from '../notifications/notifications.repository';
import { NotificationsService } from '../notifications/notifications.service';
import { CommunitiesRepository } from './communities.repository';
import { CommunitiesService } from './communities.service';

const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 8)}`;

interface Bell {
  type: string;
  title: string;
  message: string;
  data: { url?: string };
}

/** Communities' notifications are personal (no business): each person's bell lists them. */
describe('communities: notifications', () => {
  let t: TestApp;
  let owner: SignedUp;
  let moderator: SignedUp;
  let ada: SignedUp;
  let bob: SignedUp;

  beforeAll(async () => {
    t = await createTestApp();
    const named = (firstName: string) => signUp(t, t.app, { firstName, lastName: 'Tester' });
    [owner, moderator, ada, bob] = [await named('Olga'), await named('Mona'), await named('Ada'), await named('Bob')];
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const bell = async (who: SignedUp): Promise<Bell[]> => {
    const res = await who.agent.get('/notifications?limit=100');
    expect(res.statusCode).toBe(200);
    return res.json().data as Bell[];
  };
  const about = (items: Bell[], text: string) => items.filter((n) => n.message.includes(text));
  const create = async (who: SignedUp, body: Record<string, unknown>) => {
    const res = await who.agent.post('/communities', body);
    expect(res.statusCode).toBe(201);
    return communityAnswerSchema.parse(res.json()).data;
  };

  test('a join request tells the owner and moderators once; approval tells the requester', async () => {
    const name = unique('Approval only');
    const c = await create(owner, { name, visibility: 'private' });
    await moderator.agent.post(`/communities/${c._id}/join`);
    await owner.agent.put(`/communities/${c._id}/members/${moderator.user.id}`, {
      status: 'active',
      role: 'moderator',
    });
    // the moderator's own request was told to the owner; now Ada asks
    expect(about(await bell(owner), name)).toHaveLength(1);

    await ada.agent.post(`/communities/${c._id}/join`);
    await ada.agent.post(`/communities/${c._id}/join`); // again: nothing new
    for (const who of [owner, moderator]) {
      const told = about(await bell(who), `Ada Tester asked to join ${name}`);
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({
        type: 'SYSTEM',
        title: 'New request to join',
        data: { url: `/communities/${c._id}?tab=members` },
      });
    }
    // a plain member and the requester hear nothing of it
    expect(about(await bell(ada), 'asked to join')).toHaveLength(0);

    // approved by the moderator: Ada is told, once even if approved again
    const approve = () => moderator.agent.put(`/communities/${c._id}/members/${ada.user.id}`, { status: 'active' });
    expect((await approve()).statusCode).toBe(200);
    expect((await approve()).statusCode).toBe(200);
    const approved = about(await bell(ada), `You are now a member of ${name}`);
    expect(approved).toHaveLength(1);
    expect(approved[0]).toMatchObject({
      type: 'SYSTEM',
      title: 'Request approved',
      data: { url: `/communities/${c._id}` },
    });

    // a public community: joining is immediate and tells nobody
    const open = await create(owner, { name: unique('Open') });
    await bob.agent.post(`/communities/${open._id}/join`);
    expect(about(await bell(owner), open.name)).toHaveLength(0);
  });

  test('asking to join, withdrawing and asking again tells the owner once in 24 hours', async () => {
    const c = await create(owner, { name: unique('Join loop'), visibility: 'private' });
    const path = `/communities/${c._id}`;
    const asked = async () => about(await bell(owner), `Bob Tester asked to join ${c.name}`);
    for (let i = 0; i < 3; i++) {
      expect((await bob.agent.post(`${path}/join`)).json().data).toMatchObject({ myStatus: 'pending' });
      expect((await bob.agent.post(`${path}/leave`)).statusCode).toBe(200);
    }
    expect(await asked()).toHaveLength(1);
    // turned down by the owner and asking again the same day: still pending for the members tab, told nobody
    await bob.agent.post(`${path}/join`);
    expect((await owner.agent.delete(`${path}/members/${bob.user.id}`)).statusCode).toBe(200);
    await bob.agent.post(`${path}/join`);
    expect(await asked()).toHaveLength(1);
    const members = (await owner.agent.get(`${path}/members`)).json().data as { userId: string; status: string }[];
    expect(members.find((m) => m.userId === bob.user.id)).toMatchObject({ status: 'pending' });

    // a day later: a new request is told again
    await bob.agent.post(`${path}/leave`);
    await t.database.db
      .update(communityJoinNotices)
      .set({ notifiedAt: sql`now() - interval '25 hours'` })
      .where(and(eq(communityJoinNotices.communityId, c._id), eq(communityJoinNotices.userId, bob.user.id)));
    await bob.agent.post(`${path}/join`);
    await bob.agent.post(`${path}/leave`);
    await bob.agent.post(`${path}/join`);
    expect(await asked()).toHaveLength(2);
  });

  test('a person with a blank name is "Someone" to those told, never their email', async () => {
    const blank = await signUp(t, t.app, { firstName: 'Blank', lastName: 'Name' });
    await t.database.db.update(users).set({ firstName: ' ', lastName: '' }).where(eq(users.id, blank.user.id));
    const email = blank.signup.email as string;
    const leaks = (items: Bell[]) => items.filter((n) => `${n.title} ${n.message}`.includes(email));

    // a join request
    const c = await create(owner, { name: unique('Nameless'), visibility: 'private' });
    await blank.agent.post(`/communities/${c._id}/join`);
    expect(about(await bell(owner), `Someone asked to join ${c.name}`)).toHaveLength(1);
    expect(leaks(await bell(owner))).toEqual([]);

    // friend requests (they share a community): sent, and received by a blank-named person
    expect(
      (await owner.agent.put(`/communities/${c._id}/members/${blank.user.id}`, { status: 'active' })).statusCode,
    ).toBe(200);
    const sent = await blank.agent.post('/notifications/friend-request-sent', { recipientUserId: owner.user.id });
    expect(sent.statusCode).toBe(201);
    expect(about(await bell(owner), 'Someone sent you a friend request')).toHaveLength(1);
    await owner.agent.post('/notifications/friend-request-sent', { recipientUserId: blank.user.id });
    expect(
      (await blank.agent.post('/notifications/friend-request-received', { senderUserId: owner.user.id })).statusCode,
    ).toBe(201);
    expect(about(await bell(owner), 'Someone received your friend request')).toHaveLength(1);
    expect(leaks(await bell(owner))).toEqual([]);
  });

  test('a waitlisted RSVP promoted to going is told, whether the seat was freed by a cancel or by leaving', async () => {
    const c = await create(owner, { name: unique('Meetups') });
    for (const who of [ada, bob, moderator]) await who.agent.post(`/communities/${c._id}/join`);
    const made = await owner.agent.post(`/communities/${c._id}/events`, {
      title: unique('Launch night'),
      startsAt: '2030-03-01T18:00:00+01:00',
      endsAt: '2030-03-01T21:00:00+01:00',
      timeZone: 'Europe/Paris',
      mode: 'online',
      onlineUrl: 'https://meet.example.com/launch',
      capacity: 1,
    });
    const event = eventAnswerSchema.parse(made.json()).data;
    const path = `/communities/${c._id}/events/${event._id}`;
    expect((await ada.agent.put(`${path}/rsvp`, { status: 'going' })).statusCode).toBe(200);
    expect((await bob.agent.put(`${path}/rsvp`, { status: 'waitlist' })).statusCode).toBe(200);
    expect((await moderator.agent.put(`${path}/rsvp`, { status: 'waitlist' })).statusCode).toBe(200);
    expect(about(await bell(bob), event.title)).toHaveLength(0);

    // Ada cancels: Bob (first on the waitlist) takes the seat and is told; the moderator waits on
    await ada.agent.delete(`${path}/rsvp`);
    const told = about(await bell(bob), event.title);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      type: 'CALENDAR',
      title: 'You have a seat',
      message: `A seat freed up: you are now going to ${event.title}`,
      data: { url: path },
    });
    expect(about(await bell(moderator), event.title)).toHaveLength(0);

    // Bob leaves the community: his seat goes to the moderator, who is told
    await bob.agent.post(`/communities/${c._id}/leave`);
    expect((await moderator.agent.get(path)).json().data).toMatchObject({ goingCount: 1, myRsvp: 'going' });
    expect(about(await bell(moderator), event.title)).toHaveLength(1);
    expect(about(await bell(bob), event.title)).toHaveLength(1);
  });

  test('a type switched off is not delivered', async () => {
    const c = await create(owner, { name: unique('Quiet'), visibility: 'private' });
    expect((await owner.agent.put('/notifications/preferences', { SYSTEM: false })).statusCode).toBe(200);
    await bob.agent.post(`/communities/${c._id}/join`);
    expect(about(await bell(owner), c.name)).toHaveLength(0);
    await owner.agent.put('/notifications/preferences', { SYSTEM: true });
  });

  test('event reminders: 24 hours and 1 hour before, to the people going, once each however many sweeps run', async () => {
    const db = t.database.db;
    // Two schedulers (two API processes) on one database.
    const sweeper = () =>
      new CommunitiesService(
        new CommunitiesRepository(db),
        new NotificationsService(new NotificationsRepository(db), () => undefined),
      );
    const [a, b] = [sweeper(), sweeper()];
    const c = await create(owner, { name: unique('Reminded') });
    for (const who of [ada, bob]) await who.agent.post(`/communities/${c._id}/join`);
    const startsAt = new Date(Date.now() + 23 * 3_600_000);
    startsAt.setUTCSeconds(0, 0);
    const made = await owner.agent.post(`/communities/${c._id}/events`, {
      title: unique('Demo day'),
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
      timeZone: 'Europe/Paris',
      mode: 'in_person',
      place: 'Paris',
      capacity: 1,
    });
    const event = eventAnswerSchema.parse(made.json()).data;
    const path = `/communities/${c._id}/events/${event._id}`;
    await ada.agent.put(`${path}/rsvp`, { status: 'going' });
    await bob.agent.put(`${path}/rsvp`, { status: 'waitlist' });

    // more than a day before: nothing yet
    expect(await a.sendReminders(new Date(startsAt.getTime() - 25 * 3_600_000))).toBe(0);
    // within the day: the 24-hour reminder, once, though two sweeps run at the same moment and again later
    const now = new Date(startsAt.getTime() - 23 * 3_600_000);
    const [one, two] = await Promise.all([a.sendReminders(now), b.sendReminders(now)]);
    expect(one + two).toBe(1);
    expect(await b.sendReminders(new Date(now.getTime() + 60_000))).toBe(0);
    let told = about(await bell(ada), event.title);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ type: 'CALENDAR', title: 'Event reminder', data: { url: path } });
    expect(told[0]!.message).toMatch(new RegExp(`^${event.title} starts within a day: .+`));
    expect(about(await bell(bob), event.title)).toHaveLength(0); // waitlisted: not going

    // within the hour: the 1-hour reminder, once
    const soon = new Date(startsAt.getTime() - 30 * 60_000);
    const [three, four] = await Promise.all([a.sendReminders(soon), b.sendReminders(soon)]);
    expect(three + four).toBe(1);
    expect(await a.sendReminders(soon)).toBe(0);
    told = about(await bell(ada), event.title);
    expect(told.map((n) => n.title).sort()).toEqual(['Event reminder', 'Event starting soon']);
    // after the start: nothing more
    expect(await a.sendReminders(new Date(startsAt.getTime() + 60_000))).toBe(0);
  });
});
