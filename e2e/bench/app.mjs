// What the browser benches share: the production builds on a throwaway database, Debian's chromium, and a
// signed-in user made through the real sign-up (the verification code read from the server's mail outbox).
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BASE = 'http://localhost:3000';

/** scripts/start-all.mjs (API + host on :3000, remotes on 3001–3006) on a new PGlite directory. */
export function startApp() {
  const dataDir = path.join(os.tmpdir(), `atrium-bench-${Date.now()}`, 'db');
  // No SMTP here: the sign-up's verification code is read from the server's outbox.
  const outbox = path.join(dataDir, 'mail-outbox');
  const server = spawn(process.execPath, [path.join(root, 'scripts/start-all.mjs')], {
    env: { ...process.env, DATA_DIR: dataDir, MAIL_OUTBOX_DIR: outbox, REGISTER_RATE_LIMIT: '100' },
    stdio: 'ignore',
  });
  const stop = () => server.kill('SIGTERM');
  process.on('exit', stop);
  return { outbox, stop };
}

export async function waitForHealth() {
  for (let i = 0; i < 120; i += 1) {
    try {
      if ((await fetch(`${BASE}/api/v1/health`)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

async function verificationCode(outbox, email) {
  for (let i = 0; i < 100; i += 1) {
    let files = [];
    try {
      files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    } catch {
      /* not yet */
    }
    for (const f of files.sort().reverse()) {
      const raw = readFileSync(path.join(outbox, f), 'utf8');
      const code = raw.includes(email) && /Your verification code is (\d{6})/.exec(raw)?.[1];
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no verification mail to ${email} in ${outbox}`);
}

/** Signs up, verifies and signs in through the UI: the page's context then holds the session cookies. */
export async function signUp(page, outbox) {
  await page.goto(`${BASE}/signup`);
  await page.getByLabel(/^First name/).fill('Bench');
  await page.getByLabel(/^Last name/).fill('Mark');
  const email = `bench.${Date.now()}@example.com`;
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill('bench-password-1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/verify-email/);
  await page.getByLabel(/^Verification code/).fill(await verificationCode(outbox, email));
  await page.getByRole('button', { name: 'Verify email' }).click();
  await page.waitForURL(/\/signin/);
  await page.getByLabel(/^Password/).fill('bench-password-1');
  await page.getByRole('button', { name: /^Sign in$/ }).click();
  await page.waitForURL(`${BASE}/`);
  return email;
}

export function launchChromium() {
  return chromium.launch(chromiumLaunchOptions());
}

/** The CSRF header for API calls made with the page's request context (the session's atrium_xsrf cookie). */
export async function xsrfHeaders(page) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'atrium_xsrf')?.value;
  if (!xsrf) throw new Error('no atrium_xsrf cookie after sign-in');
  return { 'x-xsrf-token': decodeURIComponent(xsrf) };
}
