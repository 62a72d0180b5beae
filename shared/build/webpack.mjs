// One webpack + module-federation config for the host and every remote.
import path from 'node:path';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import TerserPlugin from 'terser-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { sharedMap } from './shared-map.mjs';
import { sourceMapUploadPlugins } from './source-maps.mjs';

const require = createRequire(import.meta.url);

// The federation runtime reaches the bundle twice: webpack's bundler runtime requires the CommonJS build of
// runtime-core/sdk, while `@module-federation/enhanced/runtime` in app code resolves their ES builds.
// Pointing both at one build keeps one copy in the host (~18 KB gz less); the ES build (dist/*.js beside the
// .cjs) minifies smaller than the CommonJS one: the host's main.js is 28.9 KB gz instead of 33.7 (measured).
const esBuild = (file) => file.replace(/\.cjs$/, '.js');
const enhancedMain = require.resolve('@module-federation/enhanced');
const runtimeTools = createRequire(enhancedMain).resolve('@module-federation/runtime-tools');
const runtimeCoreCjs = createRequire(runtimeTools).resolve('@module-federation/runtime-core');
const runtimeCore = esBuild(runtimeCoreCjs);
const federationSdk = esBuild(createRequire(runtimeCoreCjs).resolve('@module-federation/sdk'));

/**
 * Production builds write a Brotli and a gzip copy beside every text file worth compressing (x.js → x.js.br,
 * x.js.gz), so the static servers (serve.mjs for the remotes, @fastify/static's preCompressed for the host) answer
 * compressed bytes without compressing on each request. Brotli quality 9: about 7% smaller than gzip -9 at a second
 * per app (quality 11 took 6 s for the host alone on the shared build machine, for another 7%).
 */
class PrecompressPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('AtriumPrecompress', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'AtriumPrecompress', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        (assets) => {
          for (const name of Object.keys(assets)) {
            if (!/\.(?:js|css|html|json|svg)$/.test(name)) continue;
            const raw = compilation.getAsset(name).source.buffer();
            if (raw.length < 1024) continue;
            const br = zlib.brotliCompressSync(raw, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            });
            const gz = zlib.gzipSync(raw, { level: 9 });
            if (br.length < raw.length) compilation.emitAsset(`${name}.br`, new sources.RawSource(br));
            if (gz.length < raw.length) compilation.emitAsset(`${name}.gz`, new sources.RawSource(gz));
          }
        },
      );
    });
  }
}

/**
 * @param {object} o
 * @param {string} o.dir        the app's folder
 * @param {string} o.name       federation name (valid identifier)
 * @param {number} o.port       dev-server port (same as the production port map)
 * @param {Record<string,string>} [o.exposes]  remotes expose './module'
 * @param {string} [o.title]    page title of the html shell
 * @param {Record<string,string>} [o.define]  extra compile-time constants
 */
export function createConfig({ dir, name, port, exposes, title = 'Atrium', define = {} }) {
  return (_env, argv) => {
    const prod = argv.mode !== 'development';
    return {
      mode: prod ? 'production' : 'development',
      context: dir,
      entry: { main: './src/index.ts' },
      // Hidden in production: the maps are written (and uploaded, then deleted, when error reporting's upload is
      // configured: source-maps.mjs) but no served file points at them.
      devtool: prod ? 'hidden-source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        // 'auto' lets a remote's chunks load from wherever its remoteEntry.js was served.
        publicPath: 'auto',
        // Entry files keep stable names and are served with no-cache; chunks are hashed and immutable.
        filename: '[name].js',
        chunkFilename: prod ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
        uniqueName: name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js'],
        // Host only: remotes externalise runtime-core by its request name, which an alias would bypass.
        alias: exposes
          ? {}
          : { '@module-federation/runtime-core$': runtimeCore, '@module-federation/sdk$': federationSdk },
      },
      module: {
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: require.resolve('swc-loader'),
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !prod } },
                  target: 'es2022',
                },
              },
            },
          },
          {
            test: /\.css$/,
            use: [prod ? MiniCssExtractPlugin.loader : require.resolve('style-loader'), require.resolve('css-loader')],
          },
        ],
      },
      optimization: {
        // The host's shared singletons and lazy pages load side by side, and webpack's default minSize (20 KB)
        // copies the modules they share (contracts' texts, the business sync) into each of them rather than
        // making a small chunk. 2 KB: /signin −0.9 KB gz, shell + /contacts −5.3 KB gz, for about 6 more
        // requests (measured; 0 and 6 KB did worse). Remotes keep the default.
        splitChunks: exposes ? undefined : { minSize: 2000 },
        minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, terserOptions: { compress: { passes: 2 } } })],
      },
      performance: { hints: false },
      plugins: [
        new webpack.DefinePlugin({
          'process.env.NODE_ENV': JSON.stringify(prod ? 'production' : 'development'),
          ...Object.fromEntries(Object.entries(define).map(([k, v]) => [k, JSON.stringify(v)])),
        }),
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          remotes: {},
          shared: sharedMap,
          shareStrategy: 'loaded-first',
          dts: false,
          manifest: false,
          // Production remotes use the host's federation runtime instead of bundling their own (~27 KB gz
          // each); the standalone dev shell keeps its own runtime.
          // Remotes are registered by their remoteEntry.js URL (never an mf-manifest), so the runtime's snapshot
          // (manifest) plugin is dead code, and so is its Node loader in a browser build: 3.2 KB gz off main.js.
          experiments: {
            ...(prod ? (exposes ? { externalRuntime: true } : { provideExternalRuntime: true }) : {}),
            optimization: { disableSnapshot: true, target: 'web' },
          },
        }),
        // Absolute script URLs so deep links (/contacts/123) load /main.js, not /contacts/main.js.
        new HtmlWebpackPlugin({
          template: path.join(import.meta.dirname, 'index.html'),
          title,
          chunks: ['main'],
          publicPath: '/',
        }),
        ...(prod ? [new MiniCssExtractPlugin({ filename: 'assets/[name].[contenthash:8].css' })] : []),
        ...(prod ? [new PrecompressPlugin()] : []),
        ...(prod ? sourceMapUploadPlugins(process.env, name, path.join(dir, 'dist')) : []),
      ],
      devServer: {
        port,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/api'], target: process.env.API_URL ?? 'http://localhost:4000' }],
      },
      stats: 'errors-warnings',
    };
  };
}
