#!/usr/bin/env node
// pnpm bench:web — gzip JS bytes a cold load downloads, per app, for /signin and for /contacts.
// Starts the production builds (scripts/start-all.mjs) on a throwaway database, drives Debian chromium,
// records every JS response and gzips its body (level 9, as a CDN would). Target: shell + /contacts ≤ 200 KB gz.
// Baseline in the same run: /signin (host only); /contacts adds the remotes' share on top of it.
import { gzipSync } from 'node:zlib';
import { BASE, launchChromium, signUp, startApp, waitForHealth } from './app.mjs';

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

const { outbox, stop } = startApp();

async function measure(browser, url, signIn) {
  const context = await browser.newContext();
  const page = await context.newPage();
  // A new page in the same context below: the session cookie stays, the HTTP cache is bypassed.
  if (signIn) await signUp(page, outbox);
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
  await waitForHealth();
  const browser = await launchChromium();
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
