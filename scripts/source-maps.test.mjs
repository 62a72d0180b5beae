// Issue #21 §5: source maps uploaded in the build when configured. A small webpack build (the build package's
// webpack, the same plugin list createConfig adds) uploads its maps to a local fake of Sentry's upload API with the
// official plugin; not configured, it sends nothing and serves no map reference.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceMapUploadOptions, sourceMapUploadPlugins } from '../shared/build/source-maps.mjs';
import { createConfig } from '../shared/build/webpack.mjs';
import { startSentryUploadFake } from './fakes/sentry-upload.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webpack = createRequire(path.join(root, 'shared/build/package.json'))('webpack');

/** A two-chunk app (an entry and a lazily loaded module) in a new folder. */
function fixture() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-maps-'));
  mkdirSync(path.join(dir, 'src'));
  writeFileSync(
    path.join(dir, 'src/index.mjs'),
    'export function total(items) { return items.reduce((n, i) => n + i.amount, 0); }\n' +
      "import('./late.mjs').then((m) => m.explode());\n",
  );
  writeFileSync(path.join(dir, 'src/late.mjs'), "export function explode() { throw new Error('late failure'); }\n");
  return dir;
}

function build(dir, env) {
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: './src/index.mjs',
    devtool: 'hidden-source-map',
    output: { path: path.join(dir, 'dist'), filename: '[name].[contenthash:8].js', clean: true },
    plugins: sourceMapUploadPlugins(env, 'fixture', path.join(dir, 'dist')),
    stats: 'errors-only',
  });
  return new Promise((resolve, reject) =>
    compiler.run((err, stats) =>
      // The plugin's upload and deletion finish with the compiler's close.
      compiler.close(() => {
        if (err) reject(err);
        else if (stats.hasErrors()) reject(new Error(stats.toString('errors-only')));
        else resolve(readdirSync(path.join(dir, 'dist')));
      }),
    ),
  );
}

test('the upload is on only with a token, an organisation and a project', () => {
  assert.equal(sourceMapUploadOptions({}, 'host', '/app/dist'), null);
  assert.equal(sourceMapUploadOptions({ SENTRY_AUTH_TOKEN: 't', SENTRY_ORG: 'o' }, 'host', '/app/dist'), null);
  assert.equal(
    sourceMapUploadOptions({ SENTRY_AUTH_TOKEN: ' ', SENTRY_ORG: 'o', SENTRY_PROJECT: 'p' }, 'host', '/app/dist'),
    null,
  );
  const on = sourceMapUploadOptions(
    { SENTRY_AUTH_TOKEN: 't', SENTRY_ORG: 'o', SENTRY_PROJECT: 'p', SENTRY_URL: 'http://s', SENTRY_RELEASE: '1.2' },
    'host',
    '/app/dist',
  );
  assert.equal(on.url, 'http://s');
  assert.equal(on.telemetry, false);
  assert.equal(on.release.name, '1.2');
  // Only the build's own maps, whatever the working directory.
  assert.deepEqual(on.sourcemaps.filesToDeleteAfterUpload, ['/app/dist/**/*.map']);
  assert.deepEqual(sourceMapUploadPlugins({}, 'host', '/app/dist'), []);
});

test('production configs write hidden maps and add the uploader only when configured', () => {
  const config = (env) => {
    const saved = { ...process.env };
    Object.assign(process.env, env);
    try {
      return createConfig({ dir: root, name: 'host', port: 3000 })({}, { mode: 'production' });
    } finally {
      for (const k of Object.keys(env)) if (!(k in saved)) delete process.env[k];
    }
  };
  const off = config({});
  const on = config({ SENTRY_AUTH_TOKEN: 't', SENTRY_ORG: 'o', SENTRY_PROJECT: 'p' });
  assert.equal(off.devtool, 'hidden-source-map');
  assert.equal(on.plugins.length, off.plugins.length + 1);
});

test('a configured build uploads its maps as an artifact bundle, tags chunks with debug ids and ships no map', async () => {
  const fake = await startSentryUploadFake();
  try {
    const dir = fixture();
    // A map outside the output folder, in the working directory the build runs from, is not the build's to delete.
    writeFileSync(path.join(dir, 'keep.js.map'), '{}');
    const cwd = process.cwd();
    process.chdir(dir);
    const files = await build(dir, {
      SENTRY_AUTH_TOKEN: fake.token,
      SENTRY_ORG: 'atrium',
      SENTRY_PROJECT: 'web',
      SENTRY_URL: `${fake.url}/`,
      SENTRY_RELEASE: 'atrium@test',
    });
    const js = files.filter((f) => f.endsWith('.js'));
    assert.equal(js.length, 2, `two chunks: ${files.join(', ')}`);
    // The plugin uploads, then deletes the maps, after webpack has called back: wait for both (at most a minute).
    const maps = () => readdirSync(path.join(dir, 'dist')).filter((f) => f.endsWith('.map'));
    for (let i = 0; i < 600 && (fake.bundles.length === 0 || maps().length > 0); i += 1) {
      await new Promise((r) => setTimeout(r, 100));
    }
    process.chdir(cwd);
    assert.deepEqual(maps(), [], 'the maps are deleted after the upload');
    assert.ok(existsSync(path.join(dir, 'keep.js.map')), 'a map outside the build is kept');
    assert.equal(fake.bundles.length, 1);
    const bundle = fake.bundles[0];
    assert.deepEqual(bundle.projects, ['web']);
    assert.equal(bundle.version, 'atrium@test');
    const zip = bundle.zip.toString('latin1');
    for (const f of js) {
      const code = readFileSync(path.join(dir, 'dist', f), 'utf8');
      assert.doesNotMatch(code, /sourceMappingURL/, `${f} points at no map`);
      const debugId = /sentry-dbid-([0-9a-f-]{36})/.exec(code)?.[1];
      assert.ok(debugId, `${f} carries a debug id`);
      // The bundle names each file by its debug id: the chunk's map is there, under the id the chunk carries.
      assert.match(zip, new RegExp(`_/_/${debugId}-\\d+\\.js\\.map`), `the bundle holds ${f}'s map`);
    }
    assert.ok(zip.includes('manifest.json'), 'an artifact bundle (zip with a manifest)');
    assert.deepEqual(
      fake.releases.map((r) => r.version),
      ['atrium@test'],
    );
  } finally {
    await fake.stop();
  }
});

test('without configuration nothing is sent and the maps stay beside the build', async () => {
  const fake = await startSentryUploadFake();
  try {
    const dir = fixture();
    const files = await build(dir, { SENTRY_URL: `${fake.url}/` });
    assert.equal(files.filter((f) => f.endsWith('.map')).length, 2);
    assert.equal(fake.requests.length, 0);
    for (const f of files.filter((f) => f.endsWith('.js'))) {
      assert.doesNotMatch(readFileSync(path.join(dir, 'dist', f), 'utf8'), /sourceMappingURL|sentry-dbid/);
    }
  } finally {
    await fake.stop();
  }
});
