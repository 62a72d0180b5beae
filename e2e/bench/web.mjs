#!/usr/bin/env node
// pnpm bench:web — gzip JS bytes a cold load downloads, per app, for /signin and for /contacts.
// Starts the production builds (scripts/start-all.mjs) on a throwaway database, drives Debian chromium,
// records every JS response and gzips its body (level 9, as a CDN would). Target: shell + /contacts ≤ 200 KB gz.
// Baseline in the same run: /signin (host only); /contacts adds the remotes' share on top of it.
import { spawn, execSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BASE = 'http://localhost:3000';
const APPS = {
  3000: 'host',
  3001: 'crm',
  3002: 'work',
  3003: 'documents-signatures',
  3004: 'comms',
  3005: 'community-market',
  3006: 'admin',
};
const TARGET_KB = 200;

const dataDir = path.join(os.tmpdir(), `atrium-bench-${Date.now()}`, 'db');
/** No SMTP here: the sign-up's verification code is read from the server's outbox. */
const outbox = path.join(dataDir, 'mail-outbox');
const server = spawn(process.execPath, [path.join(root, 'scripts/start-all.mjs')], {
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    MAIL_OUTBOX_DIR: outbox,
    REGISTER_RATE_LIMIT: '100',
  },
  stdio: 'ignore',
});
const stop = () => server.kill('SIGTERM');
process.on('exit', stop);

async function waitForHealth() {
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

async function verificationCode(email) {
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

async function measure(browser, url, signIn) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (signIn) {
    await page.goto(`${BASE}/signup`);
    await page.getByLabel(/^First name/).fill('Bench');
    await page.getByLabel(/^Last name/).fill('Mark');
    const email = `bench.${Date.now()}@example.com`;
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill('bench-password-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/verify-email/);
    await page.getByLabel(/^Verification code/).fill(await verificationCode(email));
    await page.getByRole('button', { name: 'Verify email' }).click();
    await page.waitForURL(/\/signin/);
    await page.getByLabel(/^Password/).fill('bench-password-1');
    await page.getByRole('button', { name: /^Sign in$/ }).click();
    await page.waitForURL(`${BASE}/`);
    // A new page in the same context: the session cookie stays, the HTTP cache is bypassed below.
  }
  const cold = await context.newPage();
  const client = await context.newCDPSession(cold);
  await client.send('Network.setCacheDisabled', { cacheDisabled: true });
  const seen = [];
  cold.on('response', async (res) => {
    const u = new URL(res.url());
    if (!u.pathname.endsWith('.js')) return;
    seen.push(
      res
        .body()
        .then((b) => ({
          app: APPS[u.port || 80] ?? u.host,
          path: u.pathname,
          raw: b.length,
          gz: gzipSync(b, { level: 9 }).length,
        }))
        .catch(() => null),
    );
  });
  await cold.goto(`${BASE}${url}`);
  await cold.waitForLoadState('networkidle');
  const files = (await Promise.all(seen)).filter(Boolean);
  await context.close();
  return files;
}

function report(title, files) {
  const byApp = {};
  for (const f of files) byApp[f.app] = (byApp[f.app] ?? 0) + f.gz;
  const total = files.reduce((a, f) => a + f.gz, 0);
  console.log(`\n${title}: ${(total / 1024).toFixed(1)} KB gz JS in ${files.length} files`);
  for (const [app, gz] of Object.entries(byApp).sort((a, b) => b[1] - a[1]))
    console.log(`  ${app.padEnd(22)} ${(gz / 1024).toFixed(1)} KB`);
  return total;
}

try {
  execSync('true');
  await waitForHealth();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? execSync('command -v chromium', { encoding: 'utf8' }).trim(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  const signin = report('cold /signin (baseline: host only)', await measure(browser, '/signin', false));
  const contacts = report('cold /contacts (shell + remotes + shared)', await measure(browser, '/contacts', true));
  await browser.close();
  console.log(`\n/contacts adds ${((contacts - signin) / 1024).toFixed(1)} KB gz over the /signin baseline`);
  console.log(
    `target shell + /contacts <= ${TARGET_KB} KB gz: ${contacts / 1024 <= TARGET_KB ? 'MET' : 'NOT MET'} (${(contacts / 1024).toFixed(1)} KB)`,
  );
} finally {
  stop();
}
