import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Folder of this module: src/lib in source and tests, dist/ once bundled. */
const here = path.dirname(fileURLToPath(import.meta.url));

function findUp(start: string, test: (dir: string) => boolean): string | null {
  let dir = start;
  for (;;) {
    if (test(dir)) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/** The drizzle-kit output folder: dist/drizzle once built, server/drizzle in source. Independent of cwd. */
export function migrationsFolder(): string {
  const root = findUp(here, (dir) => existsSync(path.join(dir, 'drizzle', 'meta', '_journal.json')));
  if (!root) throw new Error(`Cannot find the drizzle migrations folder above ${here}`);
  return path.join(root, 'drizzle');
}

/** The monorepo root (holds pnpm-workspace.yaml); falls back to the current directory. */
export function repoRoot(): string {
  return findUp(here, (dir) => existsSync(path.join(dir, 'pnpm-workspace.yaml'))) ?? process.cwd();
}
