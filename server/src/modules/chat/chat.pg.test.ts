/**
 * Chat pushes across API processes (PostgreSQL only: the TEST_DATABASE_URL pass). Two apps with their own pools and
 * listening connections on one database stand for two API processes: a member's chat stream is open on the second
 * while the owner's message is answered by the first; the push arrives within a second, and that member, whose
 * panel is open on the other process, gets no MESSAGE_RECEIVED in the bell.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { openPostgres, type DatabaseHandle } from '../../db/client';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { signUp, type SignedUp } from '../../../test/security-helpers';
import { join, listOf } from '../../../test/notification-helpers';
import { openChatStream, overviewOf } from '../../../test/chat-helpers';

describe('chat across API processes (PostgreSQL LISTEN/NOTIFY)', () => {
  let t: TestApp;
  let second: DatabaseHandle;
  let appB: FastifyInstance;
  let baseB: string;
  let owner: SignedUp;
  let member: SignedUp;

  beforeAll(async () => {
    t = await createTestApp();
    if (t.database.driver.kind !== 'postgres') throw new Error('a PostgreSQL pass only');
    const url = (t.database.driver.pool as unknown as { options: { connectionString: string } }).options
      .connectionString;
    second = openPostgres(url, { poolSize: 2 });
    appB = await buildApp({ config: t.config, database: second, secret: t.secret, logger: false });
    await appB.listen({ port: 0, host: '127.0.0.1' });
    baseB = `http://127.0.0.1:${(appB.server.address() as AddressInfo).port}`;
    owner = await signUp(t);
    member = await join(t, owner);
  }, 120_000);
  afterAll(async () => {
    await appB?.close();
    await second?.close();
    await t?.close();
  });

  test('a message posted on one process reaches a panel open on the other within a second', async () => {
    const g = (await overviewOf(owner)).channels.find((c) => c.name === 'general')!;
    const stream = await openChatStream(baseB, member);
    try {
      await stream.waitFor((e) => e.includes('ready {}'));
      const started = Date.now();
      const posted = await owner.agent.post(`/chat/channels/${g._id}/messages`, { body: 'Across processes' });
      expect(posted.statusCode).toBe(201);
      await stream.waitFor((e) => e.includes(`chat {"channelId":"${g._id}"}`), 1_000);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect((await listOf(member, '?type=MESSAGE_RECEIVED')).length).toBe(0);
    } finally {
      await stream.close();
    }
  });
});
