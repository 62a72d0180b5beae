import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as shared from '@atrium/contracts/zod-browser';

/** Names of `z.` that are types only (erased in the browser): they need no export. */
const TYPE_ONLY = new Set([
  'infer',
  'input',
  'output',
  'ZodTypeAny',
  'ZodRawShape',
  'ZodObject',
  'ZodSchema',
  'RefinementCtx',
]);

/**
 * The source without its comments, so a comment naming a zod function is not taken for a call, while a call split
 * over lines (`z\n  .strictObject(…)`) still is (the regex allows whitespace around the dot).
 */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d): string[] => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === 'node_modules' ? [] : sources(p);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [p] : [];
  });
}

/**
 * (Kept in this slice, which has Node's types for reading files; it checks contracts' shared zod module.)
 * Every remote's zod is the host's one shared module, which holds only the names listed in zod-browser.ts: a
 * name the browser code calls but the module lacks is undefined at run time (a page whose slice calls
 * `z.undefined()` failed to load). The code the browser runs — contracts and the domain slices — is read here.
 */
it('exports every zod name that contracts and the domain slices call', () => {
  // shared/: this file sits in shared/domains/work/src.
  const root = path.resolve(__dirname, '..', '..', '..');
  const files = [...sources(path.join(root, 'contracts', 'src')), ...sources(path.join(root, 'domains'))].filter(
    (f) => !f.endsWith('zod-browser.ts') && !f.includes(`${path.sep}server${path.sep}`),
  );
  const used = new Set<string>();
  for (const f of files)
    for (const m of code(readFileSync(f, 'utf8')).matchAll(/\bz\s*\.\s*([A-Za-z]+)\b/g)) used.add(m[1]!);
  // `z.ZodNumber`, `z.ZodBoolean`…: class names, used by this code only as types (`as Record<K, z.ZodNumber>`).
  const missing = [...used].filter((n) => !TYPE_ONLY.has(n) && !/^Zod[A-Z]/.test(n) && !(n in shared)).sort();
  expect(missing).toEqual([]);
});
