import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

let n = 0;
export function newUser() {
  n += 1;
  const id = `${Date.now().toString(36)}${n}`;
  return { firstName: 'Maya', lastName: `Tester${id}`, email: `maya.${id}@studio.test`, password: 'correct-horse-42' };
}

/** A CSRF token for API calls made outside the browser (the same double-submit the app uses). */
export async function csrf(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/v1/auth/csrf');
  expect(res.ok()).toBeTruthy();
  return (await res.json()).csrfToken as string;
}

/** Where the server under test writes its e-mails (.eml files; no SMTP in the e2e run). Set by playwright.config.ts. */
export function outboxDir(): string {
  const dir = process.env.MAIL_OUTBOX_DIR;
  if (!dir) throw new Error('MAIL_OUTBOX_DIR is not set (playwright.config.ts sets it for the server and the tests)');
  return dir;
}

export interface Mail {
  file: string;
  to: string;
  subject: string;
  /** Every text part, decoded (quoted-printable / base64). */
  text: string;
}

function decodeQuotedPrintable(input: string): string {
  const soft = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i] as string;
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(c, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body };
}

/** The decoded text of a MIME entity: its parts' texts for a multipart, else the body by its transfer encoding. */
function textOf(raw: string): string {
  const { headers, body } = splitHeaders(raw);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .map((part) => textOf(part.replace(/^\r?\n/, '')))
      .join('\n');
  }
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

export function readMails(): Mail[] {
  let files: string[];
  try {
    files = readdirSync(outboxDir()).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  // The file names start with an ISO timestamp: name order is sending order.
  return files.sort().map((f) => {
    const file = path.join(outboxDir(), f);
    const raw = readFileSync(file, 'utf8');
    const { headers } = splitHeaders(raw);
    return { file, to: headers.to ?? '', subject: headers.subject ?? '', text: textOf(raw) };
  });
}

/**
 * Waits for the newest e-mail to `to` whose subject matches (if given), among those sent after the first
 * `after` e-mails to that address (see mailCount).
 */
export async function waitForMail(to: string, opts: { subject?: RegExp; after?: number } = {}): Promise<Mail> {
  const fresh = () =>
    readMails()
      .filter((m) => m.to.toLowerCase().includes(to.toLowerCase()))
      .slice(opts.after ?? 0)
      .filter((m) => !opts.subject || opts.subject.test(m.subject));
  let found: Mail | undefined;
  await expect
    .poll(
      () => {
        found = fresh().at(-1);
        return Boolean(found);
      },
      { timeout: 15_000, message: `an e-mail to ${to} in ${outboxDir()}` },
    )
    .toBe(true);
  return found as Mail;
}

/** How many e-mails to `to` the outbox holds (pass as `after` to wait for the next one). */
export function mailCount(to: string): number {
  return readMails().filter((m) => m.to.toLowerCase().includes(to.toLowerCase())).length;
}

/** The 6-digit code of the newest verification e-mail to `email`. */
export async function verificationCode(email: string, after = 0): Promise<string> {
  const mail = await waitForMail(email, { subject: /verification code/i, after });
  const code = /verification code is (\d{6})/i.exec(mail.text)?.[1];
  if (!code) throw new Error(`No verification code in ${mail.file}`);
  return code;
}

/** The first link of the newest e-mail to `email` whose subject matches, with the given path. */
export async function mailedLink(email: string, subject: RegExp, pathname: string, after = 0): Promise<string> {
  const mail = await waitForMail(email, { subject, after });
  const link = new RegExp(`https?://[^\\s"<>]*${pathname.replace(/[/]/g, '\\/')}\\?[^\\s"<>]+`).exec(mail.text)?.[0];
  if (!link) throw new Error(`No ${pathname} link in ${mail.file}`);
  return link;
}

/** Fills and submits the sign-up form; the account then waits for e-mail verification on /verify-email. */
export async function submitSignUp(page: Page, user: ReturnType<typeof newUser>, opts: { open?: boolean } = {}) {
  // open: false when the page is already on /signup (e.g. reached through a link that carries where to go next).
  if (opts.open !== false) await page.goto('/signup');
  await page.getByLabel(/^First name/).fill(user.firstName);
  await page.getByLabel(/^Last name/).fill(user.lastName);
  await page.getByLabel(/^Email/).fill(user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify-email\?email=/);
}

/** Enters the mailed code on /verify-email; the page then sends the user to /signin with the e-mail prefilled. */
export async function verifyEmailThroughUi(page: Page, email: string) {
  const code = await verificationCode(email);
  await page.getByLabel(/^Verification code/).fill(code);
  await page.getByRole('button', { name: 'Verify email' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByText('Email verified. You can sign in now.')).toBeVisible();
}

/** A verified, signed-in new account: sign up, code from the outbox, sign in; ends on home. */
export async function signUpThroughUi(page: Page, user: ReturnType<typeof newUser>) {
  await submitSignUp(page, user);
  await verifyEmailThroughUi(page, user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: `Welcome back, ${user.firstName}` })).toBeVisible();
}

export async function signInThroughUi(page: Page, user: { email: string; password: string }) {
  await page.goto('/signin');
  await page.getByLabel(/^Email/).fill(user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
