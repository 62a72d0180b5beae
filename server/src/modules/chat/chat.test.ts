import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { chatChannels } from '../../db/schema';
import { chatHistoryAnswerSchema, type ChatChannel } from '@atrium/domain-comms/schemas';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { signUp, type SignedUp } from '../../../test/security-helpers';
import { join, listOf, sleep } from '../../../test/notification-helpers';
import { openChatStream, overviewOf } from '../../../test/chat-helpers';
import { plainText } from './chat.service';

const general = async (who: SignedUp) => (await overviewOf(who)).channels.find((c) => c.name === 'general')!;

describe('chat', () => {
  let t: TestApp;
  let owner: SignedUp;
  let member: SignedUp;
  let stranger: SignedUp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t);
    member = await join(t, owner);
    stranger = await signUp(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  test('#general exists for every business; members post, page the history and count unread', async () => {
    const ownersGeneral = await general(owner);
    expect(ownersGeneral).toMatchObject({ kind: 'channel', archived: false, unread: 0, peerUserId: null });
    expect((await general(member))._id).toBe(ownersGeneral._id);
    expect((await general(stranger))._id).not.toBe(ownersGeneral._id);

    for (let i = 1; i <= 5; i++) {
      const res = await owner.agent.post(`/chat/channels/${ownersGeneral._id}/messages`, { body: `Hello ${i}` });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ body: `Hello ${i}`, userId: owner.user.id, edited: false });
    }
    expect((await general(member)).unread).toBe(5);
    expect((await general(owner)).unread).toBe(0);
    expect((await member.agent.get('/chat/unread/count')).json().count).toBe(5);

    const last = chatHistoryAnswerSchema.parse(
      (await member.agent.get(`/chat/channels/${ownersGeneral._id}/messages?limit=2`)).json(),
    );
    expect(last.data.map((m) => m.body)).toEqual(['Hello 4', 'Hello 5']);
    expect(last.hasMore).toBe(true);
    const older = chatHistoryAnswerSchema.parse(
      (
        await member.agent.get(`/chat/channels/${ownersGeneral._id}/messages?limit=10&before=${last.data[0]!.seq}`)
      ).json(),
    );
    expect(older.data.map((m) => m.body)).toEqual(['Hello 1', 'Hello 2', 'Hello 3']);
    expect(older.hasMore).toBe(false);

    expect((await member.agent.put(`/chat/channels/${ownersGeneral._id}/read`, {})).statusCode).toBe(200);
    expect((await general(member)).unread).toBe(0);
  });

  test('a member of another business reads and writes nothing of this one (404)', async () => {
    const g = await general(owner);
    const msg = (await owner.agent.post(`/chat/channels/${g._id}/messages`, { body: 'Private' })).json().data;
    expect((await stranger.agent.get(`/chat/channels/${g._id}/messages`)).statusCode).toBe(404);
    expect((await stranger.agent.post(`/chat/channels/${g._id}/messages`, { body: 'x' })).statusCode).toBe(404);
    expect((await stranger.agent.put(`/chat/channels/${g._id}/read`, {})).statusCode).toBe(404);
    expect((await stranger.agent.patch(`/chat/channels/${g._id}/messages/${msg._id}`, { body: 'x' })).statusCode).toBe(
      404,
    );
    expect((await stranger.agent.post('/chat/dms', { userId: owner.user.id })).statusCode).toBe(404);
    expect(JSON.stringify(await overviewOf(stranger))).not.toContain(g._id);
  });

  test('direct messages: only the two read them; the third member gets 404', async () => {
    const third = await join(t, owner);
    const dm = await owner.agent.post('/chat/dms', { userId: member.user.id });
    expect(dm.statusCode).toBe(200);
    const channel = dm.json().data as ChatChannel;
    expect(channel).toMatchObject({ kind: 'dm', peerUserId: member.user.id });
    expect((await member.agent.post('/chat/dms', { userId: owner.user.id })).json().data._id).toBe(channel._id);
    expect((await owner.agent.post(`/chat/channels/${channel._id}/messages`, { body: 'Just us' })).statusCode).toBe(
      201,
    );
    const seen = (await overviewOf(member)).channels.find((c) => c._id === channel._id)!;
    expect(seen).toMatchObject({ kind: 'dm', peerUserId: owner.user.id, unread: 1 });
    expect((await third.agent.get(`/chat/channels/${channel._id}/messages`)).statusCode).toBe(404);
    expect((await third.agent.post(`/chat/channels/${channel._id}/messages`, { body: 'Hi' })).statusCode).toBe(404);
    expect((await overviewOf(third)).channels.some((c) => c._id === channel._id)).toBe(false);
    const self = await owner.agent.post('/chat/dms', { userId: owner.user.id });
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toBe('You cannot message yourself');
  });

  test('markup is removed on the server; empty and too long messages are refused and nothing is stored', async () => {
    const g = await general(owner);
    const res = await member.agent.post(`/chat/channels/${g._id}/messages`, {
      body: '<img src=x onerror=alert(1)><b>Bold</b> a < b & c<script>alert(2)</script>',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.body).toBe('Bold a < b & c');
    const before = (await owner.agent.get(`/chat/channels/${g._id}/messages?limit=100`)).json().data.length;
    for (const body of ['', '   ', '<script>x</script>', 'x'.repeat(4001)]) {
      const bad = await member.agent.post(`/chat/channels/${g._id}/messages`, { body });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('VALIDATION_ERROR');
    }
    expect((await owner.agent.get(`/chat/channels/${g._id}/messages?limit=100`)).json().data.length).toBe(before);
    expect(plainText('<p>Hi &amp; bye</p>')).toBe('Hi & bye');
  });

  test('edit and delete own messages only', async () => {
    const g = await general(owner);
    const mine = (await member.agent.post(`/chat/channels/${g._id}/messages`, { body: 'Typo' })).json().data;
    const notMine = await owner.agent.patch(`/chat/channels/${g._id}/messages/${mine._id}`, { body: 'Hijack' });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().error).toBe('You can only change your own messages');
    expect((await owner.agent.delete(`/chat/channels/${g._id}/messages/${mine._id}`)).statusCode).toBe(403);
    const edited = await member.agent.patch(`/chat/channels/${g._id}/messages/${mine._id}`, { body: 'Fixed' });
    expect(edited.json().data).toMatchObject({ body: 'Fixed', edited: true });
    expect((await member.agent.delete(`/chat/channels/${g._id}/messages/${mine._id}`)).statusCode).toBe(200);
    const history = (await owner.agent.get(`/chat/channels/${g._id}/messages?limit=100`)).json().data;
    expect(history.find((m: { _id: string }) => m._id === mine._id)).toMatchObject({ deleted: true, body: '' });
    expect((await member.agent.delete(`/chat/channels/${g._id}/messages/${mine._id}`)).statusCode).toBe(404);
  });

  test('the badge count is one read that writes nothing, and agrees with the panel (archived channels and former members’ direct messages left out)', async () => {
    // A business whose panel never opened: counting makes no #general (the poll writes nothing).
    const newcomer = await signUp(t);
    expect((await newcomer.agent.get('/chat/unread/count')).json().count).toBe(0);
    expect(
      await t.database.db.select().from(chatChannels).where(eq(chatChannels.businessId, newcomer.user.businessId)),
    ).toEqual([]);
    expect((await overviewOf(newcomer)).channels.map((c) => c.name)).toEqual(['general']);

    const reader = await join(t, owner);
    const count = async () => (await reader.agent.get('/chat/unread/count')).json().count as number;
    const g = await general(owner);
    // The reader's own message reads the channel up to it; their own messages never count.
    const own = (await reader.agent.post(`/chat/channels/${g._id}/messages`, { body: 'Mine' })).json().data;
    expect(own.body).toBe('Mine');
    await owner.agent.post(`/chat/channels/${g._id}/messages`, { body: 'One' });
    await owner.agent.post(`/chat/channels/${g._id}/messages`, { body: 'Two' });
    const side = (await owner.agent.post('/chat/channels', { name: `side-${Date.now()}` })).json().data as ChatChannel;
    await owner.agent.post(`/chat/channels/${side._id}/messages`, { body: 'Aside' });
    const leaver = await join(t, owner);
    const dm = (await leaver.agent.post('/chat/dms', { userId: reader.user.id })).json().data as ChatChannel;
    await leaver.agent.post(`/chat/channels/${dm._id}/messages`, { body: 'Hi' });
    expect(await count()).toBe(4);
    expect((await overviewOf(reader)).unreadTotal).toBe(4);

    await owner.agent.patch(`/chat/channels/${side._id}`, { archived: true });
    const removed = await owner.agent.delete(`/businesses/${owner.user.businessId}/members/${leaver.user.id}`);
    expect(removed.statusCode).toBeLessThan(300);
    expect(await count()).toBe(2);
    expect((await overviewOf(reader)).unreadTotal).toBe(2);
    await reader.agent.put(`/chat/channels/${g._id}/read`, {});
    expect(await count()).toBe(0);
  });

  test('channels: members create; owners and admins rename and archive; names are unique', async () => {
    const created = await member.agent.post('/chat/channels', { name: '#Design Team' });
    expect(created.statusCode).toBe(201);
    const channel = created.json().data as ChatChannel;
    expect(channel.name).toBe('design-team');
    const dup = await owner.agent.post('/chat/channels', { name: 'design-team' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toBe('A channel with this name exists already');
    const forbidden = await member.agent.patch(`/chat/channels/${channel._id}`, { name: 'mine' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error).toBe('Only owners and admins can change channels');
    expect((await owner.agent.patch(`/chat/channels/${channel._id}`, { name: 'general' })).statusCode).toBe(409);
    const renamed = await owner.agent.patch(`/chat/channels/${channel._id}`, { name: 'design' });
    expect(renamed.json().data).toMatchObject({ name: 'design', archived: false });
    const archived = await owner.agent.patch(`/chat/channels/${channel._id}`, { archived: true });
    expect(archived.json().data.archived).toBe(true);
    const post = await member.agent.post(`/chat/channels/${channel._id}/messages`, { body: 'Late' });
    expect(post.statusCode).toBe(409);
    expect(post.json().error).toBe('This channel is archived');
    expect((await owner.agent.post('/chat/channels', { name: '   ' })).statusCode).toBe(400);
    expect((await owner.agent.patch(`/chat/channels/${channel._id}`, {})).statusCode).toBe(400);
  });

  test('live: a message reaches the other member’s open panel; a closed panel gets MESSAGE_RECEIVED once', async () => {
    const g = await general(owner);
    await member.agent.put(`/chat/channels/${g._id}/read`, {});
    const stream = await openChatStream(base, member);
    try {
      await stream.waitFor((e) => e.includes('ready {}'));
      const before = (await listOf(member, '?type=MESSAGE_RECEIVED')).length;
      const started = Date.now();
      await owner.agent.post(`/chat/channels/${g._id}/messages`, { body: 'Live one' });
      await stream.waitFor((e) => e.includes(`chat {"channelId":"${g._id}"}`), 1_000);
      expect(Date.now() - started).toBeLessThan(1_000);
      // The panel is open: no bell notification.
      expect((await listOf(member, '?type=MESSAGE_RECEIVED')).length).toBe(before);
    } finally {
      await stream.close();
    }
    // The open panel showed it (the panel marks its channel read).
    await member.agent.put(`/chat/channels/${g._id}/read`, {});
    await sleep(200);
    const before = (await listOf(member, '?type=MESSAGE_RECEIVED')).length;
    await owner.agent.post(`/chat/channels/${g._id}/messages`, { body: 'While closed' });
    await owner.agent.post(`/chat/channels/${g._id}/messages`, { body: 'And again' });
    const after = await listOf(member, '?type=MESSAGE_RECEIVED');
    expect(after.length).toBe(before + 1);
    expect(after[0]).toMatchObject({ title: 'New message in #general', read: false });
    expect(after[0]!.message).toContain('While closed');
    // Read the channel: the next message notifies again.
    await member.agent.put(`/chat/channels/${g._id}/read`, {});
    await owner.agent.post(`/chat/channels/${g._id}/messages`, { body: 'Third' });
    expect((await listOf(member, '?type=MESSAGE_RECEIVED')).length).toBe(before + 2);
    // The author is never notified of their own message.
    const owners = await listOf(owner, '?type=MESSAGE_RECEIVED');
    expect(owners.some((n) => /While closed|Third|Live one/.test(n.message))).toBe(false);
  });

  test('GET /intercom/jwt is off without INTERCOM_SECRET', async () => {
    const res = await owner.agent.get('/intercom/jwt');
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Help chat is not set up');
  });
});
