/** Helpers of the security tests (security-matrix.test.ts, security.test.ts). */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ACCESS_COOKIE } from '@atrium/contracts';
import type { MailMessage } from '../src/lib/mail';
import { Agent, newSignup, type AgentRequest, type TestApp } from './helpers';

/** The newest mail to `email` matching `pattern`, waiting for mail sent after the answer (in the background). */
export async function waitForMail(
  mails: MailMessage[],
  email: string,
  pattern: RegExp,
  timeoutMs = 5_000,
): Promise<{ mail: MailMessage; match: RegExpExecArray }> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    for (const mail of [...mails].reverse()) {
      const match = mail.to.toLowerCase().includes(email.toLowerCase()) ? pattern.exec(mail.text) : null;
      if (match) return { mail, match };
    }
    if (Date.now() > until) throw new Error(`no mail to ${email} matching ${pattern}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export interface SignedUp {
  agent: Agent;
  signup: ReturnType<typeof newSignup>;
  user: { id: string; businessId: string; email: string };
}

/**
 * A new account through the API, signed in: registers, completes the e-mail verification when sign-up asks
 * for it (the code comes from the app's mails), signs in.
 */
export async function signUp(
  t: TestApp,
  app: FastifyInstance = t.app,
  overrides: Record<string, unknown> = {},
): Promise<SignedUp> {
  const agent = await new Agent(app).init();
  const signup = newSignup(overrides);
  const res = await agent.post('/auth/register', signup);
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  if (!agent.cookie(ACCESS_COOKIE)) {
    const { match } = await waitForMail(t.mails, signup.email, /\b(\d{6})\b/);
    const verified = await agent.post('/auth/verify-email', { email: signup.email, code: match[1] });
    if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.statusCode} ${verified.body}`);
    const login = await agent.post('/auth/login', { email: signup.email, password: signup.password });
    if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  }
  const me = await agent.get('/users/me');
  if (me.statusCode !== 200) throw new Error(`users/me failed: ${me.statusCode} ${me.body}`);
  return { agent, signup, user: me.json().user as SignedUp['user'] };
}

export interface RequestParts {
  query?: Record<string, string>;
  payload?: AgentRequest['payload'];
  headers?: Record<string, string>;
}

/** A multipart/form-data body with one file part. */
export function multipart(fileName: string, content: string | Buffer, type: string, field = 'file'): RequestParts {
  const boundary = `----atrium${randomUUID().replace(/-/g, '')}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
    `Content-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A 1×1 PNG (valid image bytes). */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
