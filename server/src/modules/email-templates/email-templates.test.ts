import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { automations } from '../../db/schema';
import type { AuthContext } from '../../lib/caller';
import { createTestDatabase, signedInAgent, testMailer, type TestDatabase } from '../../../test/helpers';
import { EmailTemplatesRepository } from './email-templates.repository';
import { EMAIL_TEMPLATE_USED_BY_AUTOMATION, EmailTemplatesService } from './email-templates.service';

describe('email templates an automation sends (review #19 finding 1)', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let owner: { id: string; businessId: string };
  let service: EmailTemplatesService;

  beforeAll(async () => {
    db = await createTestDatabase();
    const config = loadConfig({
      DATA_DIR: '/nonexistent/atrium-test-data',
      WEB_DIR: '/nonexistent/atrium-test-web',
      REGISTER_RATE_LIMIT: '1000',
      LOG_LEVEL: 'silent',
    });
    app = await buildApp({
      config,
      database: db.handle,
      secret: randomBytes(32).toString('base64url'),
      logger: false,
      mailer: testMailer(),
    });
    await app.ready();
    owner = (await signedInAgent(app)).body.user;
    service = new EmailTemplatesService(new EmailTemplatesRepository(db.handle.db));
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const as = (role: AuthContext['role'], userId = owner.id) => ({ userId, businessId: owner.businessId, role });
  const input = (text: string) => ({
    name: 'Welcome',
    subject: 'Welcome',
    blocks: [{ id: 'h', type: 'heading' as const, text, level: 1 as const, align: 'left' as const }],
    text: null,
  });

  it('a member cannot change the words an automation mails from its author’s Gmail; an owner or admin can', async () => {
    const sent = await service.create(as('owner'), input('Welcome aboard'));
    const free = await service.create(as('member'), input('Draft'));
    await db.handle.db.insert(automations).values({
      businessId: owner.businessId,
      name: 'Welcome new contacts',
      trigger: 'contact.created',
      steps: [{ type: 'send_email', templateId: sent._id }],
      createdBy: owner.id,
    });
    await expect(service.update(as('member'), sent._id, input('Send your card number to…'))).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: EMAIL_TEMPLATE_USED_BY_AUTOMATION,
    });
    expect((await service.get(as('owner'), sent._id)).blocks[0]).toMatchObject({ text: 'Welcome aboard' });
    // A template no automation sends stays open to every member; owners and admins change either.
    expect((await service.update(as('member'), free._id, input('Draft 2'))).blocks[0]).toMatchObject({
      text: 'Draft 2',
    });
    expect((await service.update(as('admin'), sent._id, input('Welcome!'))).blocks[0]).toMatchObject({
      text: 'Welcome!',
    });
  });
});
