#!/usr/bin/env node
// pnpm bench:web — gzip JS bytes a cold load downloads (level 9, as a CDN would), per app and page, on the
// production builds (scripts/start-all.mjs on a throwaway database, Debian chromium, cache disabled per page).
// Pages and targets (issue #14):
//   cold /signin                          ≤ 150 KB gz (the host alone)
//   cold shell + /contacts                ≤ 200 KB gz
//   each remote's main route              ≤ 100 KB gz over the shell (a host page with the shell and no remote:
//                                           /settings/profile); a remote with only public pages: over /signin
// Remotes and their main routes are read from /remotes.json (each remote's metadata), so new remotes' pages are
// reported as they fill in. `--files` lists every file.
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
const TARGETS = { signin: 150, contacts: 200, remoteIncrement: 100 };
const SHELL_PAGE = '/settings/profile';
const listFiles = process.argv.includes('--files');
const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
const verdict = (bytes, targetKb) => (bytes / 1024 <= targetKb ? 'PASS' : 'FAIL');

const { outbox, stop } = startApp();

/** One cold load of `url` in `context` (cookies kept, HTTP cache off): every JS file with its gzip size. */
async function measure(context, url) {
  const page = await context.newPage();
  const client = await context.newCDPSession(page);
  await client.send('Network.setCacheDisabled', { cacheDisabled: true });
  const seen = [];
  page.on('response', (res) => {
    const u = new URL(res.url());
    if (!u.pathname.endsWith('.js')) return;
    seen.push(
      res
        .body()
        .then((b) => ({ app: APPS[u.port || 80] ?? u.host, path: u.pathname, gz: gzipSync(b, { level: 9 }).length }))
        .catch(() => null),
    );
  });
  await page.goto(`${BASE}${url}`);
  await page.waitForLoadState('networkidle');
  // Lazy pieces that start after the first paint (a route's chunk after its remote's module) settle too.
  await page.waitForTimeout(500);
  await page.waitForLoadState('networkidle');
  const files = (await Promise.all(seen)).filter(Boolean);
  await page.close();
  const total = files.reduce((a, f) => a + f.gz, 0);
  const entries = files.filter((f) => f.path.endsWith('/remoteEntry.js')).map((f) => f.app);
  return { url, files, total, entries };
}

function report(title, m) {
  const byApp = {};
  for (const f of m.files) byApp[f.app] = (byApp[f.app] ?? 0) + f.gz;
  console.log(`\n${title}: ${kb(m.total)} gz JS in ${m.files.length} files`);
  for (const [app, gz] of Object.entries(byApp).sort((a, b) => b[1] - a[1]))
    console.log(`  ${app.padEnd(22)} ${kb(gz)}`);
  console.log(`  remote entries fetched: ${m.entries.length ? m.entries.join(', ') : 'none'}`);
  if (listFiles)
    for (const f of [...m.files].sort((a, b) => b.gz - a.gz))
      console.log(`    ${kb(f.gz).padStart(9)}  ${f.app} ${f.path}`);
}

/** A remote's main route from its metadata: its first sidebar entry, else its first route without parameters. */
function mainRoute(r) {
  const publicOnly = (p) => (r.publicPaths ?? []).some((x) => p === x || p.startsWith(`${x}/`));
  const path = r.nav?.[0]?.path ?? (r.routes ?? []).find((p) => !p.includes(':'));
  return path ? { path, public: publicOnly(path) } : null;
}

const rows = [];
try {
  await waitForHealth();
  const manifest = await (await fetch(`${BASE}/remotes.json`)).json();
  const browser = await launchChromium();

  const out = await browser.newContext();
  const signin = await measure(out, '/signin');
  report('cold /signin (host alone)', signin);
  rows.push(['/signin', signin.total, TARGETS.signin, '']);

  const inside = await browser.newContext();
  await signUp(await inside.newPage(), outbox);
  const shell = await measure(inside, SHELL_PAGE);
  report(`cold shell (${SHELL_PAGE}: host page inside the shell, no remote)`, shell);
  const contacts = await measure(inside, '/contacts');
  report('cold shell + /contacts', contacts);
  rows.push(['shell + /contacts', contacts.total, TARGETS.contacts, '']);

  for (const r of manifest.remotes) {
    const route = mainRoute(r);
    if (!route) {
      console.log(`\n${r.name}: no page yet (its metadata lists no route)`);
      rows.push([`${r.name}: (no page yet)`, null, TARGETS.remoteIncrement, '']);
      continue;
    }
    const base = route.public ? signin : shell;
    const m = route.path === '/contacts' ? contacts : await measure(route.public ? out : inside, route.path);
    if (route.path !== '/contacts') report(`cold ${route.path} (${r.name}${route.public ? ', public' : ''})`, m);
    rows.push([
      `${r.name} ${route.path} over ${route.public ? '/signin' : 'the shell'}`,
      m.total - base.total,
      TARGETS.remoteIncrement,
      `(${kb(m.total)} in all)`,
    ]);
  }
  await browser.close();

  console.log('\nsummary (gz JS, cold)                               measured     target   verdict');
  for (const [name, bytes, target, note] of rows) {
    if (bytes === null) console.log(`  ${name.padEnd(50)} ${'-'.padStart(9)}   ≤ ${String(target).padStart(3)} KB   -`);
    else
      console.log(
        `  ${name.padEnd(50)} ${kb(bytes).padStart(9)}   ≤ ${String(target).padStart(3)} KB   ${verdict(bytes, target)} ${note}`,
      );
  }
  console.log(`  shell alone (${SHELL_PAGE}): ${kb(shell.total)}`);
} finally {
  stop();
}
