#!/usr/bin/env node
// The README's two commands start here. Needs only Node 20 and npm:
//   npm start   install, build, start everything on PGlite at http://localhost:3000
//   npm test    install, build, run every suite (unit, API, e2e) and print one total line
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const want = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).packageManager.split('@')[1];

function pnpmBin() {
  try {
    const v = execFileSync('pnpm', ['--version'], { encoding: 'utf8' }).trim();
    if (v === want) return 'pnpm';
  } catch {
    /* not installed */
  }
  const local = path.join(root, '.tools/node_modules/.bin/pnpm');
  if (!existsSync(local)) {
    console.log(`Installing pnpm ${want} into .tools/ ...`);
    execFileSync(
      'npm',
      ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', path.join(root, '.tools'), `pnpm@${want}`],
      { stdio: 'inherit' },
    );
  }
  return local;
}

function sh(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const pnpm = pnpmBin();
// Every step below (turbo looks up the package manager's binary, test-all runs pnpm) finds this pnpm first,
// also on a machine whose PATH holds none.
if (pnpm !== 'pnpm') process.env.PATH = `${path.dirname(pnpm)}${path.delimiter}${process.env.PATH ?? ''}`;
const mode = process.argv[2] ?? 'start';
sh(pnpm, ['install', '--frozen-lockfile']);
sh(pnpm, ['exec', 'turbo', 'run', 'build', '--concurrency=2', '--output-logs=errors-only']);
if (mode === 'start') sh(process.execPath, ['scripts/start-all.mjs']);
else if (mode === 'test') sh(process.execPath, ['scripts/test-all.mjs', ...process.argv.slice(3)]);
else if (mode !== 'build') {
  console.error(`unknown mode ${mode}`);
  process.exit(2);
}
