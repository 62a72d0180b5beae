#!/usr/bin/env node
// Writes the API's OpenAPI document (src/ops/openapi-main.ts: the app on an in-memory PGlite, app.swagger()) and
// lints it with Redocly's `recommended` rule set (redocly.yaml). Exit 1 on any error. Run by `pnpm lint` (server)
// and by the `openapi` suite of scripts/test-all.mjs.
//   node scripts/lint-openapi.mjs [--out=<file>] [--summary=<file.json>]
// --out keeps the document (default: a temporary file); --summary writes { operations, errors, warnings }.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name) =>
  process.argv
    .slice(2)
    .find((a) => a.startsWith(`--${name}=`))
    ?.slice(name.length + 3);
const out = path.resolve(
  arg('out') ?? path.join(mkdtempSync(path.join(os.tmpdir(), 'atrium-openapi-')), 'openapi.json'),
);
const summaryFile = arg('summary');
const bin = (name) => path.join(server, 'node_modules/.bin', name);
// No telemetry, no update check: CI and developers' machines lint offline.
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', LOG_LEVEL: 'silent' };

const written = spawnSync(bin('tsx'), ['src/ops/openapi-main.ts', out], { cwd: server, env, encoding: 'utf8' });
if (written.status !== 0) {
  process.stderr.write(written.stderr ?? '');
  console.error('openapi: the document could not be written');
  if (summaryFile) writeFileSync(summaryFile, JSON.stringify({ operations: 0, errors: 1, warnings: 0 }));
  process.exit(1);
}
const document = JSON.parse(readFileSync(out, 'utf8'));
const methods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const operations = Object.values(document.paths ?? {}).flatMap((item) =>
  Object.keys(item).filter((key) => methods.has(key)),
).length;

const lint = spawnSync(
  bin('redocly'),
  ['lint', out, '--config', path.join(server, 'redocly.yaml'), '--format=json', '--max-problems=10000'],
  { cwd: server, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
);
let problems;
try {
  problems = JSON.parse(lint.stdout).problems;
} catch {
  process.stderr.write(lint.stderr ?? '');
  console.error(`openapi: redocly lint gave no report (exit ${lint.status})`);
  if (summaryFile) writeFileSync(summaryFile, JSON.stringify({ operations, errors: 1, warnings: 0 }));
  process.exit(1);
}
const count = (severity) => problems.filter((p) => p.severity === severity).length;
const errors = count('error');
const warnings = count('warn');
for (const p of problems) {
  const where = p.location?.[0]?.pointer ?? '';
  console.log(`${p.severity.padEnd(5)} ${p.ruleId}: ${p.message} ${where}`);
}
console.log(
  `openapi: ${operations} operations, ${errors} errors, ${warnings} warnings (${path.relative(process.cwd(), out)})`,
);
if (summaryFile) writeFileSync(summaryFile, JSON.stringify({ operations, errors, warnings }));
process.exit(errors > 0 ? 1 : 0);
