#!/usr/bin/env node
// pnpm bench:kanban — does a kanban column of 1,000 cards still drag smoothly (issue 15: frame p95 ≤ 16.7 ms)?
// Starts the production builds on a throwaway database (app.mjs), signs up in Debian chromium, makes the tasks
// through POST /tasks, opens /tasks?view=kanban and drags a card of the To do column over its neighbours and
// into In progress while recording every frame's duration in the page (requestAnimationFrame timestamps). The
// baseline, in the same run and page, is the same drag with the column's first page loaded (50 cards); then
// 'Show more' until every card is loaded, and the drag again. It reports; it does not pass or fail.
//
//   pnpm build && pnpm bench:kanban            # 1,000 cards
//   pnpm bench:kanban -- --cards=2000
import { parseArgs } from 'node:util';
import { BASE, launchChromium, signUp, startApp, waitForHealth, xsrfHeaders } from './app.mjs';

const { values: opts } = parseArgs({
  options: { cards: { type: 'string', default: '1000' }, steps: { type: 'string', default: '120' } },
  allowPositionals: true,
});
const CARDS = Number(opts.cards);
const STEPS = Number(opts.steps);
const PAGE = 50; // KANBAN_PAGE in remotes/work/src/features/kanban/use-kanban.ts
const FRAME_BUDGET = 16.7;
/** requestAnimationFrame intervals at 60 Hz read 16.6–16.8 ms: a p95 within this is "no dropped frame". */
const JITTER = 0.5;

const { outbox, stop } = startApp();
const api = (path) => `${BASE}/api/v1${path}`;
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;

async function makeTasks(page) {
  const headers = await xsrfHeaders(page);
  for (let i = 0; i < CARDS; i += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, CARDS - i) }, async (_, j) => {
        const n = i + j + 1;
        const res = await page.request.post(api('/tasks'), {
          headers,
          data: { title: `Task ${n} of the long column`, priority: ['low', 'regular', 'high'][n % 3] },
        });
        if (res.status() !== 201) throw new Error(`POST /tasks answered ${res.status()}: ${await res.text()}`);
      }),
    );
  }
}

/** Moves the mouse in `steps` steps, one per animation frame (a pointer's pace), from where it is to (x, y). */
async function glide(page, at, x, y, steps) {
  for (let i = 1; i <= steps; i += 1) {
    await page.mouse.move(at.x + ((x - at.x) * i) / steps, at.y + ((y - at.y) * i) / steps);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
  }
  at.x = x;
  at.y = y;
}

/** Drags the To do column's first card down over its neighbours, then across into In progress, and drops it back. */
async function measureDrag(page) {
  const todo = page.getByRole('region', { name: 'To do column' });
  const target = page.getByRole('region', { name: 'In progress column' });
  const card = todo.getByTestId('kanban-card').first();
  // 'Show more' left the column scrolled to its end: back to its top, the page too.
  await todo.getByTestId('kanban-cards-todo').evaluate((el) => (el.scrollTop = 0));
  await page.evaluate(() => window.scrollTo(0, 0));
  const from = await card.boundingBox();
  const list = await todo.getByTestId('kanban-cards-todo').boundingBox();
  const to = await target.boundingBox();
  await page.evaluate(() => {
    const w = window;
    w.__frames = [];
    w.__recording = true;
    w.__drag = { starts: 0, overs: 0 };
    if (!w.__dragListeners) {
      w.__dragListeners = true;
      document.addEventListener('dragstart', () => (w.__drag.starts += 1), true);
      document.addEventListener('dragover', () => (w.__drag.overs += 1), true);
    }
    let last = 0;
    const tick = (now) => {
      if (last) w.__frames.push(now - last);
      last = now;
      if (w.__recording) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const x = from.x + from.width / 2;
  const at = { x, y: from.y + from.height / 2 };
  await page.mouse.move(at.x, at.y);
  await page.mouse.down();
  await glide(page, at, x + 8, at.y + 8, 4);
  // Down the column, over a card edge every few steps…
  await glide(page, at, x, list.y + list.height - 20, STEPS);
  // …and up again, then across to the next column.
  await glide(page, at, x, list.y + 20, STEPS);
  await glide(page, at, to.x + to.width / 2, to.y + 80, STEPS / 2);
  // Released back over the card's own place: no move is sent.
  await glide(page, at, x, from.y + from.height / 2, STEPS / 2);
  await page.mouse.up();
  const { durations, drag } = await page.evaluate(() => {
    window.__recording = false;
    return { durations: window.__frames, drag: window.__drag };
  });
  if (drag.starts !== 1) throw new Error(`the drag did not start once (${drag.starts} dragstart events)`);
  const sorted = [...durations].sort((a, b) => a - b);
  const quantile = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const cards = await todo.getByTestId('kanban-card').count();
  return {
    frames: sorted.length,
    p50: quantile(0.5),
    p95: quantile(0.95),
    max: sorted.at(-1),
    long: sorted.filter((d) => d > 50).length,
    cards,
    overs: drag.overs,
  };
}

const row = (name, s) =>
  [
    name.padEnd(36),
    String(s.cards).padStart(6),
    String(s.frames).padStart(7),
    s.p50.toFixed(1).padStart(7),
    s.p95.toFixed(1).padStart(7),
    s.max.toFixed(1).padStart(7),
    String(s.long).padStart(7),
    String(s.overs).padStart(9),
  ].join(' ');

try {
  await waitForHealth();
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await signUp(page, outbox);
  let t0 = performance.now();
  await makeTasks(page);
  console.log(`made ${CARDS} tasks in ${secs(performance.now() - t0)}`);

  await page.goto(`${BASE}/tasks?view=kanban`);
  const todo = page.getByRole('region', { name: 'To do column' });
  await todo
    .getByTestId('kanban-card')
    .nth(PAGE - 1)
    .waitFor();
  const baseline = await measureDrag(page);

  t0 = performance.now();
  for (;;) {
    const more = todo.getByRole('button', { name: /^Show more/ });
    if ((await more.count()) === 0) break;
    const before = await todo.getByTestId('kanban-card').count();
    await more.click();
    await todo.getByTestId('kanban-card').nth(before).waitFor();
    if (performance.now() - t0 > 5 * 60_000) throw new Error('not all cards loaded');
  }
  console.log(
    `loaded ${await todo.getByTestId('kanban-card').count()} cards with 'Show more': ${secs(performance.now() - t0)}`,
  );
  const full = await measureDrag(page);
  await browser.close();

  console.log(
    `\n${['drag (frames of requestAnimationFrame)'.padEnd(36), 'cards'.padStart(6), 'frames'.padStart(7), 'p50 ms'.padStart(7), 'p95 ms'.padStart(7), 'max ms'.padStart(7), '>50 ms'.padStart(7), 'dragovers'.padStart(9)].join(' ')}`,
  );
  console.log(row(`baseline: first page (${PAGE})`, baseline));
  console.log(row(`the whole column`, full));
  console.log(
    `a column of ${full.cards} cards drags with frame p95 ${full.p95.toFixed(1)} ms: ${full.p95 <= FRAME_BUDGET + JITTER ? 'within' : 'OVER'} the ${FRAME_BUDGET} ms budget (one 60 Hz frame, ±${JITTER} ms timer jitter) (baseline ${baseline.p95.toFixed(1)} ms)`,
  );
} finally {
  stop();
}
