/**
 * Pushes across API processes (PostgreSQL only: `.pg.test.ts` runs in the TEST_DATABASE_URL pass). Two apps, each
 * with its own connection pool and its own listening connection on one database, stand for two API processes
 * behind one address: a member's bell stream is open on the second while the owner's change is answered by the
 * first, and the push arrives within a second. When the second's listening connection is killed it comes back and
 * pushes keep arriving.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../app';
import { openPostgres, type DatabaseHandle } from '../../db/client';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { signUp, type SignedUp } from '../../../test/security-helpers';
import { join, listOf, openStream, sleep } from '../../../test/notification-helpers';

describe('notifications across API processes (PostgreSQL LISTEN/NOTIFY)', () => {
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

  test('a change answered by one process is pushed to a stream on the other within a second', async () => {
    const stream = await openStream(baseB, member);
    try {
      await stream.waitFor((e) => e.includes('ready {}'));
      const started = Date.now();
      expect((await owner.agent.post('/contacts', { firstName: 'Cross', email: 'cross@example.com' })).statusCode).toBe(
        201,
      );
      await stream.waitFor((e) => e.includes('notification {"kind":"new"}'), 1_000);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect((await listOf(member))[0]).toMatchObject({ message: 'Cross was added to your contacts' });
    } finally {
      await stream.close();
    }
  });

  test('a lost listening connection is replaced and pushes keep arriving', async () => {
    const killed = await t.database.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN atrium_notifications'`,
    );
    expect((killed as unknown as { rows: unknown[] }).rows.length).toBe(2);
    await sleep(2_500);
    const stream = await openStream(baseB, member);
    try {
      await stream.waitFor((e) => e.includes('ready {}'));
      await owner.agent.post('/contacts', { firstName: 'Again', email: 'again@example.com' });
      await stream.waitFor((e) => e.includes('notification {"kind":"new"}'), 1_000);
    } finally {
      await stream.close();
    }
  });
});
