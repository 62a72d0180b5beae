import { eq } from 'drizzle-orm';
import { createTestApp, signedInAgent, type Agent, type TestApp } from '../../../test/helpers';
import { sessions } from '../../db/schema';
import { SessionsRepository } from './sessions.repository';
import { SessionsService } from './sessions.service';

/**
 * The sessions service as the other modules use it (its routes are covered in users.test.ts, at
 * /users/me/sessions): revocations that commit or roll back with the caller's transaction, and sessions moved off
 * a business that is deleted or left.
 */
describe('sessions service', () => {
  let t: TestApp;
  let service: SessionsService;

  beforeAll(async () => {
    t = await createTestApp();
    service = new SessionsService(new SessionsRepository(t.database.db));
  });
  afterAll(async () => {
    await t.close();
  });

  const currentSession = async (agent: Agent) =>
    ((await agent.get('/users/me/sessions')).json().data as { id: string; current: boolean }[]).find((s) => s.current)!
      .id;
  const row = async (id: string) => (await t.database.db.select().from(sessions).where(eq(sessions.id, id)))[0]!;

  test("a revocation inside the caller's transaction is undone with it, and done when it commits", async () => {
    const { agent, body } = await signedInAgent(t.app);
    const id = await currentSession(agent);

    await expect(
      t.database.db.transaction(async (tx) => {
        expect(await service.revokeAllOf(body.user.id, 'password_changed', { tx })).toBe(1);
        throw new Error('the change that caused it failed');
      }),
    ).rejects.toThrow('the change that caused it failed');
    expect((await row(id)).revokedAt).toBeNull();

    expect(await service.revokeAllOf(body.user.id, 'password_changed', { except: id })).toBe(0);
    expect(await service.revokeAllOf(body.user.id, 'password_changed')).toBe(1);
    expect(await row(id)).toMatchObject({ revokedReason: 'password_changed' });
    expect(await service.findLive(id, body.user.id)).toBeNull();
  });

  test("sessions leave a business for their user's other business, or end when there is none", async () => {
    const owner = await signedInAgent(t.app);
    const loner = await signedInAgent(t.app);
    const ownerSession = await currentSession(owner.agent);
    const lonerSession = await currentSession(loner.agent);
    const other = await owner.agent.post('/businesses', { name: 'Second Shop' });
    expect(other.statusCode).toBe(201);
    const otherId = other.json().data._id as string;

    await service.relocateOff({ businessId: owner.body.user.businessId, reason: 'business_deleted' });
    expect(await row(ownerSession)).toMatchObject({ businessId: otherId, revokedAt: null });

    await service.relocateOff({ businessId: loner.body.user.businessId, reason: 'membership_removed' });
    expect(await row(lonerSession)).toMatchObject({ revokedReason: 'membership_removed' });
    expect(await service.moveTo(lonerSession, loner.body.user.businessId)).toBe(false);
  });
});
