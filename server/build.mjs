// Bundles the API into dist/main.js (ESM, node20). @atrium/* workspace packages (TypeScript source) are
// bundled; every npm package stays external and is resolved from server/node_modules at run time.
// The drizzle migrations are copied to dist/drizzle so the built server finds them from any cwd.
import { build } from 'esbuild';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
  .filter((name) => !name.startsWith('@atrium/'))
  .flatMap((name) => [name, `${name}/*`]);

// BUILD_OUT_DIR: another folder inside server/ (npm packages resolve from server/node_modules), for tests that run
// the built server (test/two-process.pg.test.ts) without touching dist/.
const dist = process.env.BUILD_OUT_DIR ? path.resolve(process.env.BUILD_OUT_DIR) : path.join(root, 'dist');
rmSync(dist, { recursive: true, force: true });

await build({
  // main.js is the server; backup.js and restore.js are the operator's commands (src/ops, docs/operations.md).
  entryPoints: {
    main: path.join(root, 'src/main.ts'),
    backup: path.join(root, 'src/ops/backup-main.ts'),
    restore: path.join(root, 'src/ops/restore-main.ts'),
    // The PDF worker threads' entry (lib/worker-pool.ts finds it beside main.js).
    'pdf-worker': path.join(root, 'src/workers/pdf-worker.ts'),
  },
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  external: [...external, 'pg-native'],
  // Bundled CommonJS code (if any) may call require(): give ESM one.
  banner: {
    js: "import { createRequire as __atriumCreateRequire } from 'node:module'; const require = __atriumCreateRequire(import.meta.url);",
  },
  logLevel: 'info',
});

cpSync(path.join(root, 'drizzle'), path.join(dist, 'drizzle'), { recursive: true });
console.log('copied drizzle migrations to dist/drizzle');
