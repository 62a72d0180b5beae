import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { Agent, createTestDatabase, newSignup, type TestDatabase } from '../../../test/helpers';

/**
 * Mail leaves the process for real: over SMTP to an in-process SMTP server (SMTP_URL), and as .eml files in
 * the outbox directory when no SMTP is configured. The apps use the production mailer (createMailer).
 */
describe('mail delivery', () => {
  let db: TestDatabase;
  let smtp: SMTPServer;
  let port = 0;
  const received: { envelopeTo: string[]; user: string | undefined; mail: ParsedMail }[] = [];
  const outbox = mkdtempSync(path.join(tmpdir(), 'atrium-outbox-'));
  const apps: FastifyInstance[] = [];

  const app = async (env: NodeJS.ProcessEnv) => {
    const built = await buildApp({
      config: loadConfig({
        DATA_DIR: '/nonexistent/atrium-test-data',
        WEB_DIR: '/nonexistent/atrium-test-web',
        LOG_LEVEL: 'silent',
        APP_URL: 'https://crm.example.test',
        MAIL_FROM: 'Atrium <no-reply@example.test>',
        ...env,
      }),
      database: db.handle,
      secret: randomBytes(32).toString('base64url'),
      logger: false,
    });
    await built.ready();
    apps.push(built);
    return built;
  };

  const waitFor = async <T>(find: () => T | undefined, what: string): Promise<T> => {
    for (let i = 0; i < 200; i++) {
      const found = find();
      if (found !== undefined) return found;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`timed out waiting for ${what}`);
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    smtp = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailer' && auth.password === 's3cret') callback(null, { user: auth.username });
        else callback(new Error('Invalid username or password'));
      },
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push({
              envelopeTo: session.envelope.rcptTo.map((r) => r.address),
              user: session.user as string | undefined,
              mail,
            });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    for (const a of apps) await a.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await db.drop();
    rmSync(outbox, { recursive: true, force: true });
  });

  test('SMTP_URL: the verification code arrives over SMTP and verifies the account', async () => {
    const api = await app({ SMTP_URL: `smtp://mailer:s3cret@127.0.0.1:${port}` });
    const agent = await new Agent(api).init();
    const signup = newSignup({ firstName: 'Rosalind' });
    expect((await agent.post('/auth/register', signup)).statusCode).toBe(201);

    const got = await waitFor(() => received.find((r) => r.envelopeTo.includes(signup.email)), 'the SMTP mail');
    expect(got.user).toBe('mailer');
    expect(got.mail.subject).toBe('Your Atrium verification code');
    expect(got.mail.from?.value).toEqual([{ name: 'Atrium', address: 'no-reply@example.test' }]);
    expect(got.mail.to && !Array.isArray(got.mail.to) ? got.mail.to.text : '').toBe(signup.email);
    const code = /Your verification code is (\d{6})/.exec(got.mail.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(got.mail.html).toContain(code);

    expect((await agent.post('/auth/verify-email', { email: signup.email, code })).statusCode).toBe(200);
    expect((await agent.post('/auth/login', signup)).statusCode).toBe(200);

    // The reset link goes the same way, built on APP_URL.
    expect((await agent.post('/auth/forgot-password', { email: signup.email })).statusCode).toBe(200);
    const reset = await waitFor(
      () => received.find((r) => r.envelopeTo.includes(signup.email) && r.mail.subject?.startsWith('Reset')),
      'the reset mail',
    );
    expect(reset.mail.subject).toBe('Reset your Atrium password');
    expect(reset.mail.text).toMatch(/https:\/\/crm\.example\.test\/reset-password\?token=[A-Za-z0-9_-]{43}/);
  });

  test('without SMTP_URL the mail is written as an .eml file to MAIL_OUTBOX_DIR', async () => {
    const api = await app({ MAIL_OUTBOX_DIR: outbox });
    const agent = await new Agent(api).init();
    const signup = newSignup();
    expect((await agent.post('/auth/register', signup)).statusCode).toBe(201);

    const file = await waitFor(() => readdirSync(outbox).find((f) => f.endsWith('.eml')), 'the outbox file');
    const raw = readFileSync(path.join(outbox, file));
    const mail = await simpleParser(raw);
    expect(mail.subject).toBe('Your Atrium verification code');
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(signup.email);
    const code = /Your verification code is (\d{6})/.exec(mail.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    // Tools that grep the raw file (the e2e tests) find the line as is.
    expect(raw.toString('utf8')).toContain(`Your verification code is ${code}\n`);
    expect((await agent.post('/auth/verify-email', { email: signup.email, code })).statusCode).toBe(200);
  });

  test('an unreachable SMTP server does not fail the sign-up (the code can be resent)', async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = new SMTPServer({ disabledCommands: ['STARTTLS', 'AUTH'] });
      probe.listen(0, '127.0.0.1', () => {
        const p = (probe.server.address() as AddressInfo).port;
        probe.close(() => resolve(p));
      });
    });
    const api = await app({ SMTP_URL: `smtp://127.0.0.1:${closed}` });
    const agent = await new Agent(api).init();
    const res = await agent.post('/auth/register', newSignup());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, requiresVerification: true });
  });
});
