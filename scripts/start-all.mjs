#!/usr/bin/env node
// Starts the production build of everything, as docker-compose does, with local processes:
// the API + host on :3000 (PGlite by default, PostgreSQL when DATABASE_URL is set) and each remote's
// static build on its own port (3001–3006). A service that crashes is restarted; Ctrl-C stops all of them.
import path from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { supervisor } from './supervise.mjs';

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

// A service that exits on its own (a crash) is started again (scripts/supervise.mjs); Ctrl-C stops everything.
const services = supervisor();
function run(name, cmd, args, env) {
  const tag = `[${name}]`.padEnd(24);
  services.run(name, cmd, args, { cwd: root, env, onLine: (line) => process.stdout.write(`${tag} ${line}\n`) });
}

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await services.stop();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

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
