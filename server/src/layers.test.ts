/**
 * The server's layers run one way (docs/anatomy-of-a-server-module.md): lib/ and db/ never import a module, and
 * the modules' imports of each other form no cycle. ESLint enforces the first rule file by file
 * (eslint.config.mjs); this test reads every source file's imports and checks both over the whole tree.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const src = __dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [full] : [];
  });
}

/** The relative imports of a file (static, `export … from` and dynamic), resolved to paths under src/. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)'(\.[^']+)'/g)].map((m) => m[1]!);
  return specifiers.map((s) => path.relative(src, path.resolve(path.dirname(file), s)));
}

/** `modules/<name>` for a module's file, else the top folder (lib, db, ops) or the file itself. */
function unitOf(relative: string): string {
  const parts = relative.split(path.sep);
  return parts[0] === 'modules' ? `modules/${parts[1]}` : parts[0]!;
}

const files = sourceFiles(src).map((f) => ({ file: path.relative(src, f), imports: importsOf(f) }));

test('lib/ and db/ never import a module', () => {
  const offending = files
    .filter((f) => ['lib', 'db'].includes(unitOf(f.file)))
    .flatMap((f) => f.imports.filter((i) => unitOf(i).startsWith('modules/')).map((i) => `${f.file} -> ${i}`));
  expect(offending).toEqual([]);
});

test('the modules import each other without cycles', () => {
  const edges = new Map<string, Set<string>>();
  for (const f of files) {
    const from = unitOf(f.file);
    if (!from.startsWith('modules/')) continue;
    for (const i of f.imports) {
      const to = unitOf(i);
      if (to.startsWith('modules/') && to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (unit: string, trail: string[]) => {
    if (state.get(unit) === 'done') return;
    if (state.get(unit) === 'open') {
      cycles.push([...trail.slice(trail.indexOf(unit)), unit].join(' -> '));
      return;
    }
    state.set(unit, 'open');
    for (const next of edges.get(unit) ?? []) visit(next, [...trail, unit]);
    state.set(unit, 'done');
  };
  for (const unit of [...edges.keys()].sort()) visit(unit, []);
  expect(cycles).toEqual([]);
});
