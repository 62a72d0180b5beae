#!/usr/bin/env node
// Runs every suite against the built workspace and prints one closing line: `tests: N passed, N failed`.
//   unit + component (jest, per package), API (jest through the real server on a fresh PGlite),
//   the API again on PostgreSQL when one answers at 127.0.0.1:5432 (or TEST_DATABASE_URL), and e2e (Playwright).
// Every suite but e2e runs in a pool of --jobs lanes (default 2, the CI machine's cores): each jest process is
// single-process (the UI packages' default on 2 cores, the API `--runInBand`), so one suite at a time left a core
// idle. The longest suites start first (both API passes, then the UI packages by the size of their tests); a suite's
// output is kept in a file and printed whole when it ends, so suites never interleave. The e2e suite runs alone
// afterwards (it holds ports 3000–3006 and the fakes' ports). docs/operations.md, "How CI runs the tests".
// Options: --no-e2e, --only=<name,...>, --jobs=<n> (1: one suite after another, as before)
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const jobsArg = Number(args.find((a) => a.startsWith('--jobs='))?.slice(7));
const jobs = jobsArg >= 1 ? Math.floor(jobsArg) : Math.max(1, Math.min(2, os.availableParallelism()));
const tmp = mkdtempSync(path.join(os.tmpdir(), 'atrium-tests-'));

/** Every workspace package with a jest `test` script, shared packages first, the API last. */
function jestPackages() {
  const dirs = [
    ...readdirSync(path.join(root, 'shared'))
      .map((d) => `shared/${d}`)
      .sort(),
    // The domain slices (issue #14): shared/domains/<domain>.
    ...readdirSync(path.join(root, 'shared/domains'))
      .map((d) => `shared/domains/${d}`)
      .sort(),
    'host',
    ...readdirSync(path.join(root, 'remotes'))
      .map((d) => `remotes/${d}`)
      .sort(),
    'server',
  ];
  return dirs.filter((d) => {
    const file = path.join(root, d, 'package.json');
    if (!existsSync(file)) return false;
    const pkg = JSON.parse(readFileSync(file, 'utf8'));
    return typeof pkg.scripts?.test === 'string' && pkg.scripts.test.startsWith('jest');
  });
}
const JEST_PACKAGES = jestPackages();

const results = [];
/** Each suite's time, shown in the closing summary. */
const timings = new Map();
/** Each suite's order in this file: the closing summary lists them in it, whichever ended first. */
const order = [];
function record(name, passed, failed, note = '') {
  results.push({ name, passed, failed });
  console.log(`\n>>> ${name}: ${passed} passed, ${failed} failed${note ? ` (${note})` : ''}\n`);
}

/** Runs a command with its output in `logFile` (appended); resolves with its exit code (or signal name). */
function run(cmd, cmdArgs, { cwd = root, env = {}, logFile }) {
  return new Promise((resolve) => {
    const fd = openSync(logFile, 'a');
    const child = spawn(cmd, cmdArgs, { cwd, stdio: ['ignore', fd, fd], env: { ...process.env, ...env } });
    closeSync(fd);
    child.on('error', (e) => resolve(`not started: ${e.message}`));
    child.on('close', (code, signal) => resolve(code ?? signal));
  });
}

async function runJest(dir, label, logFile, env = {}) {
  const out = path.join(tmp, `${label.replace(/\W+/g, '_')}.json`);
  const bin = path.join(root, dir, 'node_modules/jest/bin/jest.js');
  const extra = dir === 'server' ? ['--runInBand'] : [];
  const status = await run(process.execPath, [bin, '--ci', '--json', `--outputFile=${out}`, ...extra], {
    cwd: path.join(root, dir),
    env,
    logFile,
  });
  return () => {
    if (!existsSync(out)) return record(label, 0, 1, `jest exited ${status} without results`);
    const j = JSON.parse(readFileSync(out, 'utf8'));
    const broken = j.numRuntimeErrorTestSuites ?? 0;
    if (j.numTotalTests === 0) return record(label, 0, 1, 'ran no test');
    record(label, j.numPassedTests, j.numFailedTests + broken, broken ? `${broken} suite(s) failed to run` : '');
  };
}

/** Total bytes of a package's test files: the pool starts the biggest first. */
function testBytes(dir) {
  let total = 0;
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name === 'dist') continue;
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.test\.tsx?$/.test(e.name)) total += statSync(p).size;
    }
  };
  walk(path.join(root, dir));
  return total;
}

/** The suites of the pool: { name, weight, run(logFile) → Promise<() => void> } — the callback records the result. */
const suites = [];

function reachable(host, port) {
  return new Promise((resolve) => {
    const s = net.connect({ host, port, timeout: 1000 }, () => (s.end(), resolve(true)));
    s.on('error', () => resolve(false));
    s.on('timeout', () => (s.destroy(), resolve(false)));
  });
}

const want = (name) => !only || only.some((o) => name.includes(o));

for (const dir of JEST_PACKAGES)
  if (want(dir))
    suites.push({
      name: dir,
      // The API's passes are the longest by far; the UI packages after them, biggest first.
      weight: dir === 'server' ? Infinity : testBytes(dir),
      run: (logFile) => runJest(dir, dir, logFile),
    });

// The start scripts' own tests (node's test runner; scripts/*.test.mjs).
if (want('scripts')) {
  const files = readdirSync(path.join(root, 'scripts'))
    .filter((f) => f.endsWith('.test.mjs'))
    .map((f) => path.join('scripts', f));
  suites.push({
    name: 'scripts',
    weight: 0,
    run: async (logFile) => {
      const status = await run(process.execPath, ['--test', '--test-reporter=tap', ...files], { logFile });
      return () => {
        const out = readFileSync(logFile, 'utf8');
        const count = (word) => Number(new RegExp(`^# ${word} (\\d+)$`, 'm').exec(out)?.[1] ?? NaN);
        if (Number.isNaN(count('pass'))) record('scripts', 0, 1, `node --test exited ${status} without a summary`);
        else if (count('pass') + count('fail') === 0) record('scripts', 0, 1, 'ran no test');
        else record('scripts', count('pass'), count('fail') + (count('skipped') || 0) + (count('todo') || 0));
      };
    },
  });
}

// The API's OpenAPI document linted with Redocly's recommended rules (server/scripts/lint-openapi.mjs): the
// document's operations pass when the lint reports no error; each error counts as a failure.
if (want('openapi')) {
  suites.push({
    name: 'openapi',
    weight: 0,
    run: async (logFile) => {
      const summary = path.join(tmp, 'openapi.json.summary');
      const status = await run(process.execPath, ['scripts/lint-openapi.mjs', `--summary=${summary}`], {
        cwd: path.join(root, 'server'),
        logFile,
      });
      return () => {
        if (!existsSync(summary)) return record('openapi', 0, 1, `lint-openapi exited ${status} without a summary`);
        const s = JSON.parse(readFileSync(summary, 'utf8'));
        if (s.operations === 0) record('openapi', 0, 1, 'the document has no operation');
        else record('openapi', s.errors > 0 ? 0 : s.operations, s.errors, `${s.warnings} warnings`);
      };
    },
  });
}

// docker-compose.yml read by a real compose parser (Debian's docker-compose validates without an engine).
function composeChecks() {
  const compose = (...a) =>
    spawnSync('docker-compose', ['-f', 'docker-compose.yml', ...a], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, APP_SECRET: 'compose-check-secret-0123456789' },
    });
  const probe = compose('version');
  if (probe.error) return () => console.log('\n>>> compose: docker-compose is not installed, check not run\n');
  {
    const checks = [];
    const valid = compose('config', '-q');
    checks.push(['valid', valid.status === 0, valid.stderr]);
    const rendered = compose('config').stdout ?? '';
    const services = (compose('config', '--services').stdout ?? '').split('\n').filter(Boolean);
    const expected = [
      'postgres',
      'redis',
      'api',
      'lb',
      'crm',
      'work',
      'documents-signatures',
      'comms',
      'community-market',
      'admin',
    ];
    checks.push(['services', expected.every((n) => services.includes(n)), services.join(',')]);
    // Each service block of the rendered file (two-space indent under `services:`) names its restart policy.
    const blocks = rendered.split(/^services:$/m)[1]?.split(/^(?=  [a-z][\w-]*:$)/m) ?? [];
    const restart = Object.fromEntries(
      blocks.map((b) => [/^  ([\w-]+):/.exec(b)?.[1], /^    restart: (.+)$/m.exec(b)?.[1]?.replace(/"/g, '')]),
    );
    const longRunning = services.filter((n) => n !== 'build');
    const unrestarted = longRunning.filter((n) => restart[n] !== 'unless-stopped');
    checks.push(['restart policies', unrestarted.length === 0, `without restart: ${unrestarted.join(',')}`]);
    // N API processes behind one address: the API runs as replicas (≥ 2) sharing Redis, reached only through the
    // balancer, which publishes :3000 and sends to every replica (deploy/nginx.conf).
    const block = (name) => blocks.find((b) => b.startsWith(`  ${name}:`)) ?? '';
    const api = block('api');
    const replicas = Number(/^      replicas: (\d+)$/m.exec(api)?.[1] ?? 0);
    checks.push(['api replicas', replicas >= 2, `replicas: ${replicas}`]);
    checks.push(['api shares redis', /^      REDIS_URL: redis:\/\/redis:6379$/m.test(api), 'REDIS_URL of api']);
    checks.push([
      'api behind the balancer',
      !/^    ports:/m.test(api) && /^    - published: 3000$/m.test(block('lb')),
      'ports',
    ]);
    const nginx = readFileSync(path.join(root, 'deploy', 'nginx.conf'), 'utf8');
    checks.push([
      'balancer config',
      /deploy\/nginx\.conf:\/etc\/nginx\/nginx\.conf/.test(block('lb')) && /server api:3000 resolve;/.test(nginx),
      'lb mounts deploy/nginx.conf, which sends to api:3000',
    ]);
    return () => {
      for (const [name, ok, why] of checks) if (!ok) console.log(`compose check failed: ${name}: ${why}`);
      record('compose', checks.filter((c) => c[1]).length, checks.filter((c) => !c[1]).length);
    };
  }
}
// A few quick runs of the parser: done in the runner itself, no output of their own.
if (want('compose')) suites.push({ name: 'compose', weight: 0, run: async () => composeChecks() });

if (want('postgres')) {
  const pgUrl =
    process.env.TEST_DATABASE_URL ??
    ((await reachable('127.0.0.1', 5432)) ? 'postgres://postgres@127.0.0.1:5432/postgres' : null);
  if (pgUrl)
    suites.push({
      name: 'server (PostgreSQL)',
      weight: Infinity,
      run: (logFile) => runJest('server', 'server (PostgreSQL)', logFile, { TEST_DATABASE_URL: pgUrl }),
    });
  else console.log('\n>>> server (PostgreSQL): no PostgreSQL at 127.0.0.1:5432, pass not run\n');
}

// The pool: `jobs` lanes, each taking the heaviest suite left; a suite's output is shown whole when it ends.
{
  suites.forEach((s, i) => {
    order.push(s.name);
    s.index = i;
  });
  const queue = [...suites].sort((a, b) => b.weight - a.weight || a.index - b.index);
  const started = Date.now();
  const secs = (t) => `${Math.round((Date.now() - t) / 1000)} s`;
  console.log(
    `\n== ${suites.length} suites in ${Math.min(jobs, suites.length)} lane(s): ${queue.map((s) => s.name).join(', ')}\n`,
  );
  const lane = async () => {
    for (let s = queue.shift(); s; s = queue.shift()) {
      const t = Date.now();
      const logFile = path.join(tmp, `${s.name.replace(/\W+/g, '_')}.log`);
      console.log(`--- ${s.name}: started at ${secs(started)}`);
      let finish;
      try {
        finish = await s.run(logFile);
      } catch (e) {
        finish = () => record(s.name, 0, 1, `the runner failed: ${e.message}`);
      }
      console.log(`\n--- ${s.name}: output (${secs(t)}) ---`);
      if (existsSync(logFile)) process.stdout.write(readFileSync(logFile));
      finish();
      timings.set(s.name, secs(t));
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, suites.length) }, lane));
  console.log(`== the pool took ${secs(started)}`);
}

// e2e alone, after the pool, its output live.
if (want('e2e') && !args.includes('--no-e2e')) {
  const t = Date.now();
  order.push('e2e');
  const out = path.join(tmp, 'e2e.json');
  const r = spawnSync(path.join(root, 'e2e/node_modules/.bin/playwright'), ['test', '--reporter=list,json'], {
    cwd: path.join(root, 'e2e'),
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
  });
  if (!existsSync(out)) record('e2e', 0, 1, `playwright exited ${r.status} without results`);
  else {
    const s = JSON.parse(readFileSync(out, 'utf8')).stats;
    const failed = s.unexpected + (s.skipped ?? 0);
    if (s.expected + s.flaky + failed === 0) record('e2e', 0, 1, 'ran no test');
    else record('e2e', s.expected + s.flaky, failed, s.skipped ? `${s.skipped} skipped counted as failed` : '');
  }
  timings.set('e2e', `${Math.round((Date.now() - t) / 1000)} s`);
}

const passed = results.reduce((a, r) => a + r.passed, 0);
const failed = results.reduce((a, r) => a + r.failed, 0);
console.log('\nSuites:');
const rank = (r) => (order.includes(r.name) ? order.indexOf(r.name) : order.length);
for (const r of [...results].sort((a, b) => rank(a) - rank(b)))
  console.log(
    `  ${r.name.padEnd(32)} ${r.passed} passed, ${r.failed} failed${timings.has(r.name) ? `  (${timings.get(r.name)})` : ''}`,
  );
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
