#!/usr/bin/env node
// Starts the production build of everything, as docker-compose does, with local processes:
// the API + host on :3000 (PGlite by default, PostgreSQL when DATABASE_URL is set) and each remote's
// static build on its own port (3001–3006). Ctrl-C stops all of them.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REMOTES = [
  ['crm', 3001],
  ['work', 3002],
  ['documents-signatures', 3003],
  ['comms', 3004],
  ['community-market', 3005],
  ['admin', 3006],
];

for (const p of [
  'server/dist/main.js',
  'host/dist/index.html',
  ...REMOTES.map(([n]) => `remotes/${n}/dist/remoteEntry.js`),
]) {
  if (!existsSync(path.join(root, p))) {
    console.error(`Missing ${p}: build first (pnpm build), or use "npm run go" which installs and builds.`);
    process.exit(1);
  }
}

const children = [];
function run(name, cmd, args, env) {
  const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const tag = `[${name}]`.padEnd(24);
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (buf) => {
      for (const line of buf.toString().split('\n')) if (line.trim()) process.stdout.write(`${tag} ${line}\n`);
    });
  }
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${tag} exited (${signal ?? code}); stopping everything`);
      stop(1);
    }
  });
  children.push(child);
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const c of children) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

for (const [name, port] of REMOTES) {
  run(
    `remote ${name}:${port}`,
    process.execPath,
    [path.join(root, 'shared/build/bin/atrium-serve.mjs'), String(port), path.join(root, 'remotes', name, 'dist')],
    {},
  );
}
run('api+host:3000', process.execPath, [path.join(root, 'server/dist/main.js')], {
  PORT: process.env.PORT ?? '3000',
  WEB_DIR: process.env.WEB_DIR ?? path.join(root, 'host/dist'),
});
console.log('Atrium is starting: open http://localhost:3000 (Ctrl-C to stop)');
