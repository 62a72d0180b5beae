#!/usr/bin/env node
// atrium-webpack build|dev — runs the app's webpack.config.mjs through webpack's Node API.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import webpack from 'webpack';
import WebpackDevServer from 'webpack-dev-server';

const cmd = process.argv[2] ?? 'build';
const mode = cmd === 'dev' ? 'development' : 'production';
const { default: factory } = await import(pathToFileURL(path.resolve('webpack.config.mjs')).href);
const config = typeof factory === 'function' ? factory({}, { mode }) : factory;
const compiler = webpack(config);

if (cmd === 'dev') {
  const server = new WebpackDevServer(config.devServer, compiler);
  await server.start();
} else {
  compiler.run((err, stats) => {
    if (err) {
      console.error(err);
      process.exit(1);
    }
    const info = stats.toString({ colors: false, all: false, errors: true, warnings: true, assets: false });
    if (info.trim()) console.log(info);
    compiler.close(() => process.exit(stats.hasErrors() ? 1 : 0));
  });
}
