import { communityAnswerSchema, eventAnswerSchema, postListAnswerSchema } from '@atrium/domain-market/schemas';
import { eq, inArray } from 'drizzle-orm';
import { communities, communityPosts } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { multipart, signUp, TINY_PNG, type SignedUp } from '../../../test/security-helpers';
import { cleanText, toIcs } from './communities.service';

const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 8)}`;

describe('communities', () => {
  let t: TestApp;
  let owner: SignedUp;
  let ada: SignedUp;
  let stranger: SignedUp;

  beforeAll(async () => {
    t = await createTestApp();
    [owner, ada, stranger] = [await signUp(t), await signUp(t), await signUp(t)];
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const create = async (who: SignedUp, body: Record<string, unknown>) => {
    const res = await who.agent.post('/communities', body);
    expect(res.statusCode).toBe(201);
    return communityAnswerSchema.parse(res.json()).data;
  };

  test('create, a duplicate name in any case → 409 DUPLICATE_COMMUNITY_NAME and nothing stored; bad input → 400', async () => {
    const name = unique('Growth Hackers');
    const made = await create(owner, { name, description: '<b>Hi</b><script>alert(1)</script> there' });
    expect(made).toMatchObject({
      name,
      description: 'Hi there',
      visibility: 'public',
      memberCount: 1,
      myRole: 'owner',
    });

    const dup = await ada.agent.post('/communities', { name: name.toUpperCase() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ success: false, code: 'DUPLICATE_COMMUNITY_NAME' });
    const found = (await ada.agent.get(`/communities?search=${encodeURIComponent(name)}`)).json();
    expect(found.data).toHaveLength(1);

    const renamed = await owner.agent.post('/communities', { name: unique('Other') });
    const clash = await owner.agent.put(`/communities/${renamed.json().data._id}`, { name });
    expect(clash.json().code).toBe('DUPLICATE_COMMUNITY_NAME');

    expect((await owner.agent.post('/communities', { name: '' })).statusCode).toBe(400);
    expect((await owner.agent.post('/communities', { name: 'x', visibility: 'secret' })).statusCode).toBe(400);
    expect((await owner.agent.post('/communities', { name: '<i></i>' })).statusCode).toBe(400);
  });

  test('public: anyone joins and posts; comments, reactions; moderators remove, others may not', async () => {
    const c = await create(owner, { name: unique('Public'), visibility: 'public' });
    expect((await ada.agent.post(`/communities/${c._id}/posts`, { body: 'Hi' })).statusCode).toBe(403);
    const joined = await ada.agent.post(`/communities/${c._id}/join`);
    expect(joined.json().data).toMatchObject({ myRole: 'member', myStatus: 'active', memberCount: 2 });

    const post = await ada.agent.post(`/communities/${c._id}/posts`, { body: 'Hello <img src=x onerror=alert(1)>all' });
    expect(post.statusCode).toBe(201);
    const postId = post.json().data._id as string;
    expect(post.json().data.body).toBe('Hello all');

    expect((await owner.agent.put(`/communities/${c._id}/posts/${postId}/reaction`, { kind: 'like' })).statusCode).toBe(
      200,
    );
    const reacted = await ada.agent.put(`/communities/${c._id}/posts/${postId}/reaction`, { kind: 'celebrate' });
    expect(reacted.json().data).toMatchObject({ reactions: { like: 1, celebrate: 1 }, myReaction: 'celebrate' });
    expect((await ada.agent.put(`/communities/${c._id}/posts/${postId}/reaction`, { kind: 'angry' })).statusCode).toBe(
      400,
    );
    const comment = await owner.agent.post(`/communities/${c._id}/posts/${postId}/comments`, { body: 'Welcome!' });
    expect(comment.statusCode).toBe(201);
    const feed = postListAnswerSchema.parse((await stranger.agent.get(`/communities/${c._id}/posts`)).json());
    expect(feed.data[0]).toMatchObject({ _id: postId, commentCount: 1 });
    expect(feed.pagination.total).toBe(1);

    // a plain member cannot remove another's comment; the owner (moderator) removes the post
    const commentId = comment.json().data._id as string;
    expect((await ada.agent.delete(`/communities/${c._id}/posts/${postId}/comments/${commentId}`)).statusCode).toBe(
      403,
    );
    expect((await stranger.agent.delete(`/communities/${c._id}/posts/${postId}`)).statusCode).toBe(403);
    expect((await owner.agent.delete(`/communities/${c._id}/posts/${postId}`)).statusCode).toBe(200);
    const emptied = postListAnswerSchema.parse((await ada.agent.get(`/communities/${c._id}/posts`)).json());
    expect(emptied.data).toHaveLength(0);
    expect(emptied.pagination.total).toBe(0); // the kept count follows a removal
    expect((await ada.agent.get(`/communities/${c._id}/posts/${postId}/comments`)).statusCode).toBe(404);

    // roles: the owner names a moderator, who then removes posts too; the owner cannot leave
    expect((await ada.agent.put(`/communities/${c._id}/members/${owner.user.id}`, { role: 'member' })).statusCode).toBe(
      403,
    );
    const promoted = await owner.agent.put(`/communities/${c._id}/members/${ada.user.id}`, { role: 'moderator' });
    expect(promoted.json().data).toMatchObject({ role: 'moderator' });
    expect((await owner.agent.post(`/communities/${c._id}/leave`)).statusCode).toBe(403);
  });

  test('private: about is discoverable, content is 404 for non-members until approved', async () => {
    const c = await create(owner, { name: unique('Private'), visibility: 'private' });
    await owner.agent.post(`/communities/${c._id}/posts`, { body: 'Members only' });
    const event = await owner.agent.post(`/communities/${c._id}/events`, {
      title: 'Secret meetup',
      startsAt: '2030-01-10T18:00:00Z',
      endsAt: '2030-01-10T20:00:00Z',
      timeZone: 'Europe/Berlin',
      mode: 'in_person',
      place: 'Berlin',
    });
    const eventId = event.json().data._id as string;
    expect((await stranger.agent.get(`/communities/${c._id}`)).statusCode).toBe(200);
    for (const path of ['posts', 'members', 'events', `events/${eventId}`, `events/${eventId}/ics`]) {
      expect((await stranger.agent.get(`/communities/${c._id}/${path}`)).statusCode).toBe(404);
    }
    expect((await stranger.agent.post(`/communities/${c._id}/posts`, { body: 'x' })).statusCode).toBe(404);
    // asking to join: pending, still no content; a moderator approves
    expect((await stranger.agent.post(`/communities/${c._id}/join`)).json().data.myStatus).toBe('pending');
    expect((await stranger.agent.get(`/communities/${c._id}/posts`)).statusCode).toBe(404);
    const members = (await owner.agent.get(`/communities/${c._id}/members`)).json().data;
    expect(members.find((m: { userId: string }) => m.userId === stranger.user.id)).toMatchObject({ status: 'pending' });
    expect(
      (await owner.agent.put(`/communities/${c._id}/members/${stranger.user.id}`, { status: 'active' })).statusCode,
    ).toBe(200);
    expect((await stranger.agent.get(`/communities/${c._id}/posts`)).json().data[0].body).toBe('Members only');
    // the discover list shows the about; mine lists it for the member
    const mine = (await stranger.agent.get('/communities?scope=mine')).json().data;
    expect(mine.map((x: { _id: string }) => x._id)).toContain(c._id);
  });

  test('cover: image checks (type by bytes, size), 404 without one', async () => {
    const c = await create(owner, { name: unique('Covered') });
    expect((await ada.agent.get(`/communities/${c._id}/cover`)).statusCode).toBe(404);
    const wrong = multipart('cover.png', '<html></html>', 'image/png', 'cover');
    expect(
      (await owner.agent.post(`/communities/${c._id}/cover`, wrong.payload, { headers: wrong.headers })).statusCode,
    ).toBe(415);
    const good = multipart('cover.png', TINY_PNG, 'image/png', 'cover');
    expect(
      (await ada.agent.post(`/communities/${c._id}/cover`, good.payload, { headers: good.headers })).statusCode,
    ).toBe(403);
    const up = await owner.agent.post(`/communities/${c._id}/cover`, good.payload, { headers: good.headers });
    expect(up.statusCode).toBe(200);
    expect(up.json().data.coverUrl).toMatch(new RegExp(`/communities/${c._id}/cover\\?v=`));
    const img = await ada.agent.get(`/communities/${c._id}/cover`);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
  });

  test('events: validation, RSVP past capacity → 409 and nothing stored, waitlist promoted, .ics', async () => {
    const c = await create(owner, { name: unique('Events') });
    await ada.agent.post(`/communities/${c._id}/join`);
    await stranger.agent.post(`/communities/${c._id}/join`);
    const base = {
      title: 'Launch night',
      startsAt: '2030-03-01T18:00:00+01:00',
      endsAt: '2030-03-01T21:00:00+01:00',
      timeZone: 'Europe/Paris',
      mode: 'online',
      onlineUrl: 'https://meet.example.com/launch',
      capacity: 1,
    };
    const bad = await owner.agent.post(`/communities/${c._id}/events`, {
      ...base,
      endsAt: '2030-03-01T17:00:00+01:00',
      timeZone: 'Mars/Olympus',
      onlineUrl: '',
    });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['endsAt', 'timeZone', 'onlineUrl']));
    expect((await owner.agent.post(`/communities/${c._id}/events`, { ...base, capacity: 0 })).statusCode).toBe(400);
    expect((await ada.agent.post(`/communities/${c._id}/events`, base)).statusCode).toBe(403);

    const made = eventAnswerSchema.parse((await owner.agent.post(`/communities/${c._id}/events`, base)).json()).data;
    const path = `/communities/${c._id}/events/${made._id}`;
    expect((await ada.agent.put(`${path}/rsvp`, { status: 'going' })).json().data).toMatchObject({
      goingCount: 1,
      myRsvp: 'going',
    });
    const full = await stranger.agent.put(`${path}/rsvp`, { status: 'going' });
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toBe('This event is full. Join the waitlist instead.');
    expect((await stranger.agent.get(path)).json().data).toMatchObject({
      goingCount: 1,
      waitlistCount: 0,
      myRsvp: null,
    });
    expect((await stranger.agent.put(`${path}/rsvp`, { status: 'waitlist' })).json().data.myRsvp).toBe('waitlist');
    // Ada withdraws: the first on the waitlist takes the seat
    await ada.agent.delete(`${path}/rsvp`);
    expect((await stranger.agent.get(path)).json().data).toMatchObject({
      goingCount: 1,
      waitlistCount: 0,
      myRsvp: 'going',
    });

    const ics = await ada.agent.get(`${path}/ics`);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).toContain('DTSTART:20300301T170000Z');
    expect(ics.body).toContain('SUMMARY:Launch night');
    expect(ics.body).toContain('URL:https://meet.example.com/launch');
  });

  test('the kept post count follows inserts, removals, restores and deletes of many rows at once', async () => {
    const c = await create(owner, { name: unique('Counted') });
    const db = t.database.db;
    const countOf = async () =>
      (await db.select({ n: communities.postCount }).from(communities).where(eq(communities.id, c._id)))[0]?.n;
    const made = await db
      .insert(communityPosts)
      .values(['a', 'b', 'c', 'd'].map((body) => ({ communityId: c._id, authorId: owner.user.id, body })))
      .returning({ id: communityPosts.id });
    expect(await countOf()).toBe(4);
    const [p1, p2, p3] = made.map((p) => p.id);
    await db
      .update(communityPosts)
      .set({ removedAt: new Date() })
      .where(inArray(communityPosts.id, [p1!, p2!]));
    expect(await countOf()).toBe(2);
    await db.update(communityPosts).set({ removedAt: null }).where(eq(communityPosts.id, p1!));
    await db.update(communityPosts).set({ body: 'edited' }).where(eq(communityPosts.communityId, c._id));
    expect(await countOf()).toBe(3);
    await db.delete(communityPosts).where(inArray(communityPosts.id, [p2!, p3!])); // one removed, one not
    expect(await countOf()).toBe(2);
    expect((await owner.agent.get(`/communities/${c._id}/posts`)).json().pagination.total).toBe(2);
    // the community goes with its posts (the trigger's update finds it gone)
    expect((await owner.agent.delete(`/communities/${c._id}`)).statusCode).toBe(200);
  });

  test('event search: by title, only in communities the caller may read; upcoming first', async () => {
    const word = Math.random().toString(36).slice(2, 8);
    const open = await create(owner, { name: unique('Searchable') });
    const closed = await create(owner, { name: unique('Hidden'), visibility: 'private' });
    const event = (title: string, startsAt: string, endsAt: string) => ({
      title,
      startsAt,
      endsAt,
      timeZone: 'UTC',
      mode: 'in_person',
      place: 'Lisbon',
    });
    const soon = new Date(Date.now() + 86_400_000).toISOString();
    const soonEnd = new Date(Date.now() + 90_000_000).toISOString();
    for (const [c, body] of [
      [open._id, event(`Past ${word}`, '2020-01-01T10:00:00Z', '2020-01-01T11:00:00Z')],
      [open._id, event(`Later ${word}`, '2031-01-01T10:00:00Z', '2031-01-01T11:00:00Z')],
      [open._id, event(`Soon ${word}`, soon, soonEnd)],
      [closed._id, event(`Secret ${word}`, soonEnd, '2030-12-01T00:00:00Z')],
    ] as const)
      expect((await owner.agent.post(`/communities/${c}/events`, body)).statusCode).toBe(201);

    const titles = async (who: SignedUp, q = word) => {
      const res = await who.agent.get(`/communities/events?search=${encodeURIComponent(q)}&limit=10`);
      expect(res.statusCode).toBe(200);
      return (res.json().data as { title: string; communityName: string }[]).map((e) => e.title);
    };
    // a non-member never sees the private community's event; a pending request is not enough
    expect(await titles(stranger)).toEqual([`Soon ${word}`, `Later ${word}`, `Past ${word}`]);
    await stranger.agent.post(`/communities/${closed._id}/join`);
    expect(await titles(stranger)).not.toContain(`Secret ${word}`);
    // its members do
    expect(await titles(owner)).toEqual([`Soon ${word}`, `Secret ${word}`, `Later ${word}`, `Past ${word}`]);
    expect(await titles(owner, `secret ${word.toUpperCase()}`)).toEqual([`Secret ${word}`]);
    // LIKE wildcards are literal; a blank term or a huge limit is a 400
    expect(await titles(owner, '%')).toEqual([]);
    expect((await owner.agent.get('/communities/events?search=%20')).statusCode).toBe(400);
    expect((await owner.agent.get(`/communities/events?search=${word}&limit=1000`)).statusCode).toBe(400);
  });

  test('text is sanitised to plain text; .ics escapes and folds', () => {
    expect(cleanText('<script>x</script><p>a &amp; b</p>\u0000')).toBe('a & b');
    const ics = toIcs(
      {
        _id: 'e1',
        communityId: 'c',
        communityName: 'C',
        title: 'A, B; C',
        description: 'x'.repeat(200),
        startsAt: '2030-01-01T10:00:00.000Z',
        endsAt: '2030-01-01T11:00:00.000Z',
        timeZone: 'UTC',
        mode: 'in_person',
        onlineUrl: null,
        place: 'Main St',
        capacity: null,
        goingCount: 0,
        waitlistCount: 0,
        myRsvp: null,
        createdBy: null,
        createdAt: '2029-01-01T00:00:00.000Z',
      },
      new Date('2029-06-01T00:00:00Z'),
    );
    expect(ics).toContain('SUMMARY:A\\, B\\; C');
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });
});

describe('people', () => {
  let t: TestApp;
  let a: SignedUp;
  let b: SignedUp;

  beforeAll(async () => {
    t = await createTestApp();
    [a, b] = [await signUp(t), await signUp(t)];
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  test('follow, friend request (asking back makes friends), lists, block ends both and answers 403 to the lists', async () => {
    expect((await a.agent.post(`/users/${a.user.id}/follow`)).statusCode).toBe(400);
    expect((await a.agent.post('/users/nobody/follow')).statusCode).toBe(404);
    expect((await a.agent.post(`/users/${b.user.id}/follow`)).json().data).toMatchObject({ following: true });
    expect((await b.agent.get(`/users/${b.user.id}/followers`)).json().data).toEqual([
      expect.objectContaining({ _id: a.user.id }),
    ]);
    expect((await a.agent.post(`/users/${b.user.id}/friend-request`)).json().data.friend).toBe('requested');
    expect((await b.agent.get(`/users/${a.user.id}/profile`)).json().data.relation).toMatchObject({
      friend: 'incoming',
      followedBy: true,
    });
    expect((await b.agent.post(`/users/${a.user.id}/friend-request`)).json().data.friend).toBe('friends');
    expect((await a.agent.get(`/users/${a.user.id}/friends`)).json().data).toEqual([
      expect.objectContaining({ _id: b.user.id }),
    ]);
    const profile = (await a.agent.get(`/users/${b.user.id}/profile`)).json().data;
    expect(profile).toMatchObject({ friendCount: 1, followerCount: 1, self: false });

    expect((await b.agent.post(`/users/${a.user.id}/block`)).json().data.blocked).toBe(true);
    expect((await a.agent.get(`/users/${b.user.id}/friends`)).statusCode).toBe(403);
    expect((await a.agent.get(`/users/${b.user.id}/profile`)).statusCode).toBe(404);
    expect((await a.agent.post(`/users/${b.user.id}/follow`)).statusCode).toBe(403);
    expect((await a.agent.post(`/users/${b.user.id}/friend-request`)).statusCode).toBe(403);
    await b.agent.delete(`/users/${a.user.id}/block`);
    const after = (await a.agent.get(`/users/${b.user.id}/profile`)).json().data;
    expect(after).toMatchObject({ friendCount: 0, followerCount: 0, relation: { friend: 'none', following: false } });
  });
});
