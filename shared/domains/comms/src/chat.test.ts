import type { ApiClient } from '@atrium/api-client';
import { chatApi } from './api/chat';
import {
  CHAT_TEXTS,
  chatChannelInputSchema,
  chatChannelUpdateSchema,
  chatHistoryQuerySchema,
  chatMessageInputSchema,
} from './chat';
import { chatKeys } from './keys';

describe('chat schemas', () => {
  test('a channel name is trimmed, loses a leading #, spaces become dashes, lower case; empty or long refused', () => {
    expect(chatChannelInputSchema.parse({ name: '  #Design Team ' })).toEqual({ name: 'design-team' });
    expect(chatChannelInputSchema.safeParse({ name: '  ' }).error?.issues[0]?.message).toBe(CHAT_TEXTS.nameRequired);
    expect(chatChannelInputSchema.safeParse({ name: '#' }).error?.issues[0]?.message).toBe(CHAT_TEXTS.nameRequired);
    expect(chatChannelInputSchema.safeParse({ name: 'x'.repeat(61) }).error?.issues[0]?.message).toBe(
      CHAT_TEXTS.nameTooLong,
    );
    expect(chatChannelUpdateSchema.safeParse({}).success).toBe(false);
    expect(chatChannelUpdateSchema.parse({ archived: true })).toEqual({ archived: true });
  });

  test('a message is trimmed, not empty, at most 4000 characters', () => {
    expect(chatMessageInputSchema.parse({ body: ' hi ' })).toEqual({ body: 'hi' });
    expect(chatMessageInputSchema.safeParse({ body: ' ' }).error?.issues[0]?.message).toBe(CHAT_TEXTS.emptyMessage);
    expect(chatMessageInputSchema.safeParse({ body: 'x'.repeat(4001) }).error?.issues[0]?.message).toBe(
      CHAT_TEXTS.messageTooLong,
    );
    expect(chatHistoryQuerySchema.parse({})).toEqual({ limit: 30 });
    expect(chatHistoryQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
  });

  test('keys start with the entity', () => {
    for (const key of [chatKeys.overview, chatKeys.history('c1')]) expect(key[0]).toBe(chatKeys.all[0]);
  });
});

describe('chat calls', () => {
  function fakeClient() {
    const calls: [string, string, unknown][] = [];
    const answer = (method: string) => async (path: string, body?: unknown) => {
      calls.push([method, path, body]);
      if (path === 'intercom/jwt') return { intercom_user_jwt: `jwt${calls.length}`, expires_in: 3600 };
      return { data: { _id: 'x' }, count: 3 };
    };
    const client = {
      get: answer('GET'),
      post: answer('POST'),
      put: answer('PUT'),
      patch: answer('PATCH'),
      delete: answer('DELETE'),
    } as unknown as ApiClient;
    return { client, calls };
  }

  test('paths', async () => {
    const { client, calls } = fakeClient();
    const api = chatApi(client);
    await api.overview();
    expect(await api.unreadCount()).toBe(3);
    await api.history('c/1', { before: 5 });
    await api.post('c1', 'Hi');
    await api.edit('c1', 'm1', 'Hey');
    await api.remove('c1', 'm1');
    await api.markRead('c1');
    await api.openDm('u1');
    await api.createChannel('design');
    await api.updateChannel('c1', { archived: true });
    expect(calls.map(([m, p]) => `${m} ${p}`)).toEqual([
      'GET chat',
      'GET chat/unread/count',
      'GET chat/channels/c%2F1/messages',
      'POST chat/channels/c1/messages',
      'PATCH chat/channels/c1/messages/m1',
      'DELETE chat/channels/c1/messages/m1',
      'PUT chat/channels/c1/read',
      'POST chat/dms',
      'POST chat/channels',
      'PATCH chat/channels/c1',
    ]);
    expect(api.streamUrl).toBe('/api/v1/chat/stream');
  });

  test('the help-chat token is cached until 60 s before it expires', async () => {
    const { client, calls } = fakeClient();
    let now = 1_000_000;
    const api = chatApi(client, () => now);
    const first = await api.intercomToken();
    now += (3600 - 61) * 1000;
    expect(await api.intercomToken()).toBe(first);
    now += 1000;
    expect(await api.intercomToken()).not.toBe(first);
    expect(await api.intercomToken(true)).not.toBe(first);
    expect(calls.filter(([, p]) => p === 'intercom/jwt')).toHaveLength(3);
  });
});
