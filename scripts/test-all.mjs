#!/usr/bin/env node
// Runs every suite against the built workspace and prints one closing line: `tests: N passed, N failed`.
//   unit + component (jest, per package), API (jest through the real server on a fresh PGlite),
//   the API again on PostgreSQL when one answers at 127.0.0.1:5432 (or TEST_DATABASE_URL), and e2e (Playwright).
// Options: --no-e2e, --only=<name,...>
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
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
function record(name, passed, failed, note = '') {
  results.push({ name, passed, failed });
  console.log(`\n>>> ${name}: ${passed} passed, ${failed} failed${note ? ` (${note})` : ''}\n`);
}

function runJest(dir, label, env = {}) {
  const out = path.join(tmp, `${label.replace(/\W+/g, '_')}.json`);
  const bin = path.join(root, dir, 'node_modules/jest/bin/jest.js');
  const extra = dir === 'server' ? ['--runInBand'] : [];
  const r = spawnSync(process.execPath, [bin, '--ci', '--json', `--outputFile=${out}`, ...extra], {
    cwd: path.join(root, dir),
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (!existsSync(out)) return record(label, 0, 1, `jest exited ${r.status} without results`);
  const j = JSON.parse(readFileSync(out, 'utf8'));
  const broken = j.numRuntimeErrorTestSuites ?? 0;
  if (j.numTotalTests === 0) return record(label, 0, 1, 'ran no test');
  record(label, j.numPassedTests, j.numFailedTests + broken, broken ? `${broken} suite(s) failed to run` : '');
}

function reachable(host, port) {
  return new Promise((resolve) => {
    const s = net.connect({ host, port, timeout: 1000 }, () => (s.end(), resolve(true)));
    s.on('error', () => resolve(false));
    s.on('timeout', () => (s.destroy(), resolve(false)));
  });
}

const want = (name) => !only || only.some((o) => name.includes(o));

for (const dir of JEST_PACKAGES) if (want(dir)) runJest(dir, dir);

// The start scripts' own tests (node's test runner; scripts/*.test.mjs).
if (want('scripts')) {
  const files = readdirSync(path.join(root, 'scripts'))
    .filter((f) => f.endsWith('.test.mjs'))
    .map((f) => path.join('scripts', f));
  const r = spawnSync(process.execPath, ['--test', '--test-reporter=tap', ...files], { cwd: root, encoding: 'utf8' });
  process.stdout.write(r.stdout ?? '');
  const count = (word) => Number(new RegExp(`^# ${word} (\\d+)$`, 'm').exec(r.stdout ?? '')?.[1] ?? NaN);
  if (Number.isNaN(count('pass'))) record('scripts', 0, 1, `node --test exited ${r.status} without a summary`);
  else if (count('pass') + count('fail') === 0) record('scripts', 0, 1, 'ran no test');
  else record('scripts', count('pass'), count('fail') + (count('skipped') || 0) + (count('todo') || 0));
}

// The API's OpenAPI document linted with Redocly's recommended rules (server/scripts/lint-openapi.mjs): the
// document's operations pass when the lint reports no error; each error counts as a failure.
if (want('openapi')) {
  const summary = path.join(tmp, 'openapi.json.summary');
  const r = spawnSync(process.execPath, ['scripts/lint-openapi.mjs', `--summary=${summary}`], {
    cwd: path.join(root, 'server'),
    stdio: 'inherit',
  });
  if (!existsSync(summary)) record('openapi', 0, 1, `lint-openapi exited ${r.status} without a summary`);
  else {
    const s = JSON.parse(readFileSync(summary, 'utf8'));
    if (s.operations === 0) record('openapi', 0, 1, 'the document has no operation');
    else record('openapi', s.errors > 0 ? 0 : s.operations, s.errors, `${s.warnings} warnings`);
  }
}

// docker-compose.yml read by a real compose parser (Debian's docker-compose validates without an engine).
if (want('compose')) {
  const compose = (...a) =>
    spawnSync('docker-compose', ['-f', 'docker-compose.yml', ...a], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, APP_SECRET: 'compose-check-secret-0123456789' },
    });
  const probe = compose('version');
  if (probe.error) console.log('\n>>> compose: docker-compose is not installed, check not run\n');
  else {
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
    for (const [name, ok, why] of checks) if (!ok) console.log(`compose check failed: ${name}: ${why}`);
    record('compose', checks.filter((c) => c[1]).length, checks.filter((c) => !c[1]).length);
  }
}

if (want('postgres')) {
  const pgUrl =
    process.env.TEST_DATABASE_URL ??
    ((await reachable('127.0.0.1', 5432)) ? 'postgres://postgres@127.0.0.1:5432/postgres' : null);
  if (pgUrl) runJest('server', 'server (PostgreSQL)', { TEST_DATABASE_URL: pgUrl });
  else console.log('\n>>> server (PostgreSQL): no PostgreSQL at 127.0.0.1:5432, pass not run\n');
}

if (want('e2e') && !args.includes('--no-e2e')) {
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
}

const passed = results.reduce((a, r) => a + r.passed, 0);
const failed = results.reduce((a, r) => a + r.failed, 0);
console.log('\nSuites:');
for (const r of results) console.log(`  ${r.name.padEnd(32)} ${r.passed} passed, ${r.failed} failed`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
