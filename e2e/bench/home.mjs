#!/usr/bin/env node
// pnpm bench:home — issue #21's performance targets for the frame around every page:
//   • the home page '/' with all its widgets shows its skeleton in the first frame and is complete in ≤ 1.5 s on a
//     cold load (p50/p95 of 10 loads, each in a new browser context: empty HTTP cache, the session's cookies only);
//   • the header's weather and clock add ≤ 10 KB gz to the shell and make no request before the first paint.
// Production builds (scripts/start-all.mjs: API + host on :3000, remotes on their ports) on a throwaway PGlite
// database, Debian's chromium, a signed-up owner with contacts, projects, tasks and meetings made through the API.
// "Complete" = the spec's eight widgets are in the grid and none of them shows a loading skeleton any more.
// Baseline in the same run: a cold load of /signin (the host alone, no API data), to tell the machine's noise from
// the home page's own cost. It reports; it does not pass or fail.
//
//   pnpm build && pnpm bench:home
//   pnpm bench:home -- --loads=20
//   pnpm bench:home -- --waterfall     (one cold '/' load's requests in time order, then the usual figures)
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { BASE, launchChromium, signUp, startApp, waitForHealth, xsrfHeaders } from './app.mjs';

const { values: opts } = parseArgs({
  // `pnpm bench:home -- --loads=20` passes the '--' through: it is not the end of the options here.
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: { loads: { type: 'string', default: '10' }, waterfall: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const LOADS = Number(opts.loads);
const TARGET_MS = 1500;
const WIDGETS = 8;
const WEATHER_KB = 10;
const api = (path) => `${BASE}/api/v1${path}`;

const { outbox, stop } = startApp();

async function seed(page) {
  const headers = await xsrfHeaders(page);
  const post = async (path, data) => {
    const res = await page.request.post(api(path), { headers, data });
    if (res.status() !== 201) throw new Error(`POST ${path} answered ${res.status()}: ${await res.text()}`);
    const body = await res.json();
    return body.data ?? body;
  };
  const contacts = [];
  for (let i = 1; i <= 30; i += 1) {
    const c = await post('/contacts', { firstName: `Client${i}`, lastName: 'Bench', email: `client${i}@example.com` });
    contacts.push(c.id ?? c._id);
  }
  const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  for (let i = 1; i <= 8; i += 1) {
    await post('/projects', {
      title: `Project ${i}`,
      type: 'Wedding',
      stage: ['planning', 'in_progress', 'review', 'completed'][i % 4],
      dueDate: day(i * 3),
      contacts: contacts.slice(i, i + 2),
    });
  }
  for (let i = 1; i <= 40; i += 1) {
    await post('/tasks', {
      title: `Follow up ${i}`,
      priority: ['low', 'regular', 'high'][i % 3],
      status: ['todo', 'in_progress', 'blocked', 'completed'][i % 4],
    });
  }
  for (let i = 0; i < 12; i += 1) {
    const start = new Date(Date.now() + (i - 3) * 86_400_000);
    start.setHours(10 + (i % 6), 0, 0, 0);
    const end = new Date(start.getTime() + 3_600_000);
    await post('/meetings', { title: `Meeting ${i + 1}`, startDate: start.toISOString(), endDate: end.toISOString() });
  }
}

/** In the page, from navigation start: first contentful paint, skeleton shown, every widget complete. */
function probe({ widgets }) {
  const marks = { fcp: null, skeleton: null, complete: null, longTasks: [] };
  window.__homeMarks = marks;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) marks.longTasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    /* no long task timing */
  }
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') marks.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  const check = () => {
    const now = performance.now();
    if (marks.skeleton === null && document.querySelector('[data-testid="home-skeleton"]')) marks.skeleton = now;
    if (marks.complete === null) {
      const cards = document.querySelectorAll('[data-widget]');
      if (cards.length >= widgets && ![...cards].some((c) => c.querySelector('.mantine-Skeleton-root'))) {
        marks.complete = now;
      }
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
  check();
}

/** One cold load of `path` in a new context holding only the session's cookies. */
async function coldLoad(browser, storageState, path, until) {
  const context = await browser.newContext({ storageState });
  await context.addInitScript(probe, { widgets: WIDGETS });
  const page = await context.newPage();
  const js = [];
  page.on('response', async (res) => {
    const u = new URL(res.url());
    if (!u.pathname.endsWith('.js')) return;
    try {
      js.push({ path: `${u.port || '80'}${u.pathname}`, gz: gzipSync(await res.body(), { level: 9 }).length });
    } catch {
      /* a redirect or an aborted body */
    }
  });
  await page.goto(`${BASE}${path}`);
  await page.waitForFunction(until, undefined, { timeout: 30_000 });
  const marks = await page.evaluate(() => window.__homeMarks);
  const resources = await page.evaluate(() =>
    [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map((r) => ({
      name: r.name,
      initiator: r.initiatorType,
      start: r.startTime,
      requestStart: r.requestStart,
      responseStart: r.responseStart,
      end: r.responseEnd,
    })),
  );
  await context.close();
  return { marks, resources, js };
}

const pct = (values, p) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const ms = (v) => (v === null || v === undefined ? 'n/a' : `${Math.round(v)} ms`);
const row = (label, values) =>
  `  ${label.padEnd(34)} p50 ${ms(pct(values, 50)).padStart(8)}  p95 ${ms(pct(values, 95)).padStart(8)}  max ${ms(Math.max(...values)).padStart(8)}`;

try {
  await waitForHealth();
  const browser = await launchChromium();
  const setup = await browser.newContext();
  const page = await setup.newPage();
  await signUp(page, outbox);
  await seed(page);
  // One warm-up load so the server's first-request costs (PGlite warm-up, lazy modules) are not in the figures.
  await page.goto(`${BASE}/`);
  await page
    .locator('[data-widget]')
    .nth(WIDGETS - 1)
    .waitFor({ timeout: 60_000 });
  const storageState = await setup.storageState();
  await setup.close();

  if (opts.waterfall) {
    // The critical path of one cold load: every request with its start, first byte and end (ms from navigation).
    const { marks, resources } = await coldLoad(
      browser,
      storageState,
      '/',
      () => window.__homeMarks?.complete !== null,
    );
    console.log(`\nWaterfall of one cold '/' load (ms from navigation start; start → first byte → end, initiator)`);
    for (const r of [...resources].sort((a, b) => a.start - b.start)) {
      const u = new URL(r.name);
      console.log(
        `  ${ms(r.start).padStart(8)} → ${ms(r.responseStart).padStart(8)} → ${ms(r.end).padStart(8)}  ${r.initiator.padEnd(10)} ${u.port || '80'}${u.pathname}`,
      );
    }
    console.log(`  first paint ${ms(marks.fcp)}, skeleton ${ms(marks.skeleton)}, complete ${ms(marks.complete)}`);
    console.log(
      `  long tasks: ${marks.longTasks.map(([t, d]) => `${Math.round(t)}+${Math.round(d)}`).join(', ') || 'none'}`,
    );
  }

  const home = [];
  const signin = [];
  for (let i = 0; i < LOADS; i += 1) {
    // Alternate the baseline and the home page so both see the same machine.
    const anonymous = { cookies: [], origins: [] };
    signin.push(await coldLoad(browser, anonymous, '/signin', () => !!document.querySelector('form button')));
    home.push(await coldLoad(browser, storageState, '/', () => window.__homeMarks?.complete !== null));
  }
  // The header lives on the shell's pages (home is outside the shell): one cold load of /contacts.
  const shell = await coldLoad(
    browser,
    storageState,
    '/contacts',
    () => !!document.querySelector('[data-testid="header-clock"]') && document.readyState === 'complete',
  );
  // With a position granted, the header asks for the weather once the browser is idle (the server's forecast call
  // fails offline here, which hides the widget: the request's timing is what is measured).
  const context = await browser.newContext({
    storageState,
    geolocation: { latitude: 40.71, longitude: -74.01 },
    permissions: ['geolocation'],
  });
  const shellPage = await context.newPage();
  const weatherJs = [];
  shellPage.on('response', async (res) => {
    const u = new URL(res.url());
    if (/\/assets\/weather\.[0-9a-f]+\.js$/.test(u.pathname)) {
      weatherJs.push({ path: u.pathname, gz: gzipSync(await res.body(), { level: 9 }).length });
    }
  });
  await shellPage.goto(`${BASE}/contacts`);
  await shellPage.waitForTimeout(3_000);
  const fcp = await shellPage.evaluate(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
  );
  const weatherCalls = await shellPage.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((r) => r.name.includes('/api/v1/weather'))
      .map((r) => r.startTime),
  );
  await context.close();
  await browser.close();

  const get = (runs, k) => runs.map((r) => r.marks[k]).filter((v) => v !== null);
  const skeletonInFirstPaint = home.filter((r) => r.marks.skeleton !== null && r.marks.skeleton <= r.marks.fcp + 17);
  const complete = get(home, 'complete');
  console.log(
    `\nHome '/' — ${LOADS} cold loads (new context each, empty cache), production builds, ${WIDGETS} widgets`,
  );
  console.log(row('baseline: /signin first paint', get(signin, 'fcp')));
  console.log(row('home: first contentful paint', get(home, 'fcp')));
  console.log(row('home: skeleton shown', get(home, 'skeleton')));
  console.log(row('home: complete (all widgets)', complete));
  console.log(
    `  skeleton in the first frame (≤ FCP + 1 frame): ${skeletonInFirstPaint.length}/${LOADS} loads` +
      (home.some((r) => r.marks.skeleton === null) ? ' (some loads never showed the skeleton)' : ''),
  );
  console.log(
    `  target complete ≤ ${TARGET_MS} ms: p95 ${ms(pct(complete, 95))} → ${pct(complete, 95) <= TARGET_MS ? 'MET' : 'MISSED'}`,
  );
  const homeJs = home[0].js.reduce((n, f) => n + f.gz, 0);
  console.log(`  JS of one cold home load: ${(homeJs / 1024).toFixed(1)} KB gz in ${home[0].js.length} files`);

  const weatherGz = weatherJs.reduce((n, f) => n + f.gz, 0);
  console.log(`\nHeader weather and clock (on /contacts)`);
  console.log(
    `  weather chunk (loaded when the browser is idle): ${(weatherGz / 1024).toFixed(1)} KB gz` +
      ` in ${weatherJs.length} file(s) → ≤ ${WEATHER_KB} KB ${weatherGz / 1024 <= WEATHER_KB ? 'MET' : 'MISSED'}` +
      (weatherJs.length === 0 ? ' (no weather chunk seen: is the build current?)' : ''),
  );
  const early = weatherCalls.filter((t) => fcp !== null && t < fcp);
  console.log(
    `  weather requests before the first paint: ${early.length} (first paint ${ms(fcp)}, weather calls at ${
      weatherCalls.map((t) => ms(t)).join(', ') || 'none (no location known: the widget stays hidden)'
    })`,
  );
  const shellJs = shell.js.reduce((n, f) => n + f.gz, 0);
  console.log(
    `  JS of a cold /contacts load: ${(shellJs / 1024).toFixed(1)} KB gz (the clock is in the header's chunk)`,
  );
} finally {
  stop();
}
