#!/usr/bin/env node
// pnpm bench:scroll — does the contacts list's 'Scroll' view stay smooth with 10,000 contacts loaded?
// Starts the production builds on a throwaway database (app.mjs), signs up in Debian chromium, imports the
// contacts through the real CSV import, opens /contacts?view=scroll and scrolls until every contact is loaded.
// Then, inside the page, it scrolls the list one step per animation frame and records each frame's duration
// (requestAnimationFrame timestamps), at two speeds: a wheel (100 px a frame, 6,000 px/s) and a fling (a whole
// viewport a frame: every row new each frame). The baseline, in the same run and the same page, is the first
// page alone (100 rows loaded, scrolled within its first 60); then the same speeds with every contact loaded, in
// the middle of the list and end to end. It also counts the row elements in the DOM (virtualization: only the
// rows in view and the overscan are there). It reports; it does not pass or fail.
//
//   pnpm build && pnpm bench:scroll            # 10,000 contacts
//   pnpm bench:scroll -- --rows=20000
import { parseArgs } from 'node:util';
import { importCsv } from '../../bench/data.mjs';
import { BASE, launchChromium, signUp, startApp, waitForHealth } from './app.mjs';

const { values: opts } = parseArgs({
  options: { rows: { type: 'string', default: '10000' }, frames: { type: 'string', default: '240' } },
  allowPositionals: true,
});
const ROWS = Number(opts.rows);
const FRAMES = Number(opts.frames);
const ROW_PX = 48; // virtual-contacts-list.tsx
const VIEW_PX = 560; // its height
const WHEEL = 100; // px a frame
const FLING = VIEW_PX;
const PAGE = 100; // the Scroll view's page size
/** "Smooth": at each speed the full list's p95 frame within 1.25× the baseline's, and the DOM holds no more rows. */
const P95_FACTOR = 1.25;

const { outbox, stop } = startApp();
const api = (path) => `${BASE}/api/v1${path}`;
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;

async function importContacts(page) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'atrium_xsrf')?.value;
  if (!xsrf) throw new Error('no atrium_xsrf cookie after sign-in');
  const headers = { 'x-xsrf-token': decodeURIComponent(xsrf) };
  const csv = importCsv(ROWS);
  const upload = await page.request.post(api('/contacts/upload'), {
    headers,
    multipart: { file: { name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv.text) } },
  });
  if (!upload.ok()) throw new Error(`upload answered ${upload.status()}: ${await upload.text()}`);
  const { uploadId, suggestedMapping } = (await upload.json()).data;
  const start = await page.request.post(api('/contacts/import'), {
    headers,
    data: { uploadId, mapping: suggestedMapping },
  });
  if (start.status() !== 202) throw new Error(`import answered ${start.status()}: ${await start.text()}`);
  const { jobId } = (await start.json()).data;
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    const job = (await (await page.request.get(api(`/contacts/import/${jobId}`))).json()).data;
    if (job.status === 'failed') throw new Error(`import failed: ${JSON.stringify(job).slice(0, 300)}`);
    if (job.status === 'completed') return job;
  }
}

/** Scrolls the list `step` px per frame for `frames` frames, bouncing between `from` and `to` px, in the page. */
function scrollFrames(page, { from, to, step }) {
  return page.evaluate(
    ({ from, to, step, frames }) =>
      new Promise((resolve) => {
        const box = document.querySelector('[data-testid="virtual-scroll"]');
        let y = from;
        let dir = 1;
        let last = 0;
        const durations = [];
        let maxRows = 0;
        box.scrollTop = from;
        const tick = (now) => {
          if (last) durations.push(now - last);
          last = now;
          maxRows = Math.max(maxRows, box.querySelectorAll('[role="row"]').length);
          if (durations.length >= frames) return resolve({ durations, maxRows });
          y += dir * step;
          if (y >= to || y <= from) dir = -dir;
          box.scrollTop = Math.min(Math.max(y, from), to);
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    { from, to, step, frames: FRAMES },
  );
}

function stats({ durations, maxRows }) {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return {
    frames: sorted.length,
    p50: at(0.5),
    p95: at(0.95),
    max: sorted.at(-1),
    long: sorted.filter((d) => d > 50).length,
    maxRows,
  };
}

const row = (name, s) =>
  `${name.padEnd(40)} ${String(s.frames).padStart(6)} ${s.p50.toFixed(1).padStart(7)} ${s.p95
    .toFixed(1)
    .padStart(7)} ${s.max.toFixed(1).padStart(7)} ${String(s.long).padStart(9)} ${String(s.maxRows).padStart(9)}`;

try {
  await waitForHealth();
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await signUp(page, outbox);
  let t0 = performance.now();
  const job = await importContacts(page);
  console.log(`imported ${job.created ?? ROWS} contacts in ${secs(performance.now() - t0)}`);

  await page.goto(`${BASE}/contacts?view=scroll`);
  const range = page.getByTestId('scroll-range');
  await range.getByText(`${PAGE} of ${ROWS} contacts loaded`).waitFor();
  // Baseline: 100 rows loaded, scrolled within the first 60 (the next page loads 20 rows before the end).
  const firstPage = { from: 0, to: 60 * ROW_PX - VIEW_PX };
  const baseWheel = stats(await scrollFrames(page, { ...firstPage, step: WHEEL }));
  const baseFling = stats(await scrollFrames(page, { ...firstPage, step: FLING }));

  // Load everything the way a user would: keep scrolling to the bottom until the last page is in.
  t0 = performance.now();
  while (!(await range.textContent())?.startsWith(`${ROWS} of`)) {
    await page.evaluate(() => {
      const box = document.querySelector('[data-testid="virtual-scroll"]');
      box.scrollTop = box.scrollHeight;
    });
    await page.waitForTimeout(50);
    if (performance.now() - t0 > 10 * 60_000) throw new Error(`not all loaded: ${await range.textContent()}`);
  }
  const loadMs = performance.now() - t0;
  const middle = (ROWS / 2) * ROW_PX;
  const fullWheel = stats(await scrollFrames(page, { from: middle, to: middle + firstPage.to, step: WHEEL }));
  const fullFling = stats(await scrollFrames(page, { from: 0, to: ROWS * ROW_PX - VIEW_PX, step: FLING }));
  const heap = await page.evaluate(() => performance.memory?.usedJSHeapSize ?? 0);
  await browser.close();

  console.log(`loaded ${ROWS} rows in pages of ${PAGE} by scrolling to the end: ${secs(loadMs)}`);
  console.log(`JS heap with ${ROWS} rows loaded: ${(heap / 1048576).toFixed(1)} MB`);
  console.log(
    `\n${'scroll (frames of requestAnimationFrame)'.padEnd(40)} ${'frames'.padStart(6)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'max ms'.padStart(7)} ${'>50 ms'.padStart(9)} ${'DOM rows'.padStart(9)}`,
  );
  console.log(row(`wheel, baseline: first page only`, baseWheel));
  console.log(row(`wheel, ${ROWS} loaded (middle)`, fullWheel));
  console.log(row(`fling, baseline: first page only`, baseFling));
  console.log(row(`fling, ${ROWS} loaded (end to end)`, fullFling));
  const smoothAt = (base, full) => full.p95 <= base.p95 * P95_FACTOR && full.maxRows <= base.maxRows + 1;
  for (const [speed, base, full] of [
    ['wheel', baseWheel, fullWheel],
    ['fling', baseFling, fullFling],
  ]) {
    console.log(
      `${speed}: ${ROWS} loaded ${smoothAt(base, full) ? 'as smooth as' : 'NOT as smooth as'} the first page alone (p95 ${full.p95.toFixed(1)} vs ${base.p95.toFixed(1)} ms, target ≤ ${P95_FACTOR}×; DOM rows ${full.maxRows} vs ${base.maxRows})`,
    );
  }
} finally {
  stop();
}
