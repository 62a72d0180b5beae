// node --test scripts/ (run by scripts/test-all.mjs)
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { supervisor } from './supervise.mjs';

const until = async (check, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

// A child that crashes on its first two runs and then stays up, counting its starts in a file.
const flaky = (dir) => `
  const fs = require('node:fs'); const f = ${JSON.stringify(path.join(dir, 'starts'))};
  const n = (fs.existsSync(f) ? Number(fs.readFileSync(f, 'utf8')) : 0) + 1; fs.writeFileSync(f, String(n));
  if (n <= 2) process.exit(1);
  setInterval(() => {}, 1000);`;

test('a child that exits is started again, with a growing pause, until it stays up', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'supervise-'));
  const lines = [];
  const s = supervisor({ minDelayMs: 50, maxDelayMs: 400, log: (l) => lines.push(l) });
  const service = s.run('flaky', process.execPath, ['-e', flaky(dir)]);
  const starts = () =>
    existsSync(path.join(dir, 'starts')) ? Number(readFileSync(path.join(dir, 'starts'), 'utf8')) : 0;
  await until(() => starts() === 3 && service.child !== null);
  assert.equal(service.restarts, 2);
  assert.equal(service.delay, 200); // 50 → 100 → 200: it doubled after each quick failure
  assert.match(lines.join('\n'), /\[flaky\] exited \(1\); restarting/);
  await s.stop();
  assert.equal(service.child, null);
});

test('stop() ends the children and restarts none', async () => {
  const s = supervisor({ minDelayMs: 20, log: () => {} });
  const service = s.run('steady', process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
  await until(() => service.child?.pid !== undefined);
  const pid = service.child.pid;
  await s.stop();
  await new Promise((r) => setTimeout(r, 100));
  assert.equal(service.child, null);
  assert.equal(service.restarts, 0);
  assert.throws(() => process.kill(pid, 0));
});
