// Jest transform for the few CommonJS dependencies that load modules with a literal dynamic import():
// PGlite's CommonJS build (Node built-ins: fs, zlib, node:module, ...) and @fastify/cookie (the ESM-only
// `cookie`). Jest's CommonJS sandbox can only run import() under node --experimental-vm-modules; rewritten as
// require(), jest resolves (and, for ESM-only targets, transforms) them like any other module.
const { createHash } = require('node:crypto');

const DYNAMIC_IMPORT = /\bimport\((["'])([^"'()]+)\1\)/g;
const VERSION = '3';

module.exports = {
  process(source) {
    const code = source.replace(
      DYNAMIC_IMPORT,
      (_match, quote, spec) => `Promise.resolve().then(() => __dynamicRequire(${quote}${spec}${quote}))`,
    );
    // PGlite's Emscripten code declares its own `var require`, so keep the module's one under another name.
    return { code: `var __dynamicRequire = require; ${code}` };
  },
  getCacheKey(source, filename) {
    return createHash('sha256').update(VERSION).update(filename).update(source).digest('hex');
  },
};
