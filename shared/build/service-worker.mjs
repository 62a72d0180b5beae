// The host's service worker (/sw.js): a second webpack compilation that runs after the host's, so the worker is
// built knowing the host build it belongs to — its hash (the worker's cache version: a new build is a new worker,
// which the browser installs on its next visit) and its files (what the worker precaches). Production only: the dev
// server builds the host alone, and the host registers the worker only in production builds.
import path from 'node:path';
import { createRequire } from 'node:module';
import webpack from 'webpack';
import TerserPlugin from 'terser-webpack-plugin';

const require = createRequire(import.meta.url);

/** Records the host build's hash and emitted files into `shell` when the host's compilation is done. */
class ShellManifestPlugin {
  constructor(shell) {
    this.shell = shell;
  }
  apply(compiler) {
    compiler.hooks.done.tap('AtriumShellManifest', (stats) => {
      this.shell.version = stats.hash.slice(0, 16);
      this.shell.files = stats.compilation
        .getAssets()
        .map((a) => a.name)
        .sort();
    });
  }
}

/**
 * @param {Function} factory  the host's createConfig(...) result
 * @param {object} o
 * @param {string} o.dir       the host's folder
 * @param {string} [o.entry]   the worker's source
 */
export function withServiceWorker(factory, { dir, entry = './src/sw/sw.ts' }) {
  return (env, argv) => {
    const app = factory(env, argv);
    if (argv.mode === 'development') return app;
    const shell = { version: '', files: [] };
    const host = { ...app, name: 'host', plugins: [...app.plugins, new ShellManifestPlugin(shell)] };
    const worker = {
      name: 'sw',
      // Built after the host: the values below are read when the worker's code is compiled.
      dependencies: ['host'],
      mode: 'production',
      target: 'webworker',
      context: dir,
      entry: { sw: entry },
      devtool: false,
      output: { path: path.join(dir, 'dist'), filename: '[name].js', publicPath: '/', clean: false, iife: true },
      resolve: { extensions: ['.ts', '.mjs', '.js'] },
      module: {
        rules: [
          {
            test: /\.[cm]?ts$/,
            exclude: /node_modules/,
            use: {
              loader: require.resolve('swc-loader'),
              options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } },
            },
          },
        ],
      },
      optimization: {
        splitChunks: false,
        runtimeChunk: false,
        minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify })],
      },
      performance: { hints: false },
      plugins: [
        new webpack.DefinePlugin({
          __ATRIUM_SHELL__: webpack.DefinePlugin.runtimeValue(() => JSON.stringify(shell), true),
        }),
      ],
      stats: 'errors-warnings',
    };
    return [host, worker];
  };
}
