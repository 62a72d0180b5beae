// The shared preset (swc → CommonJS) plus what the server needs:
// - ESM-only packages (jose; content-disposition via @fastify/static; cookie via light-my-request) must be
//   transformed. The preset's own pattern requires a '/' right after
//   '.pnpm/<name>@', which pnpm paths never have, so the server states its pattern itself.
// - one migrated PGlite per run (globalSetup), copied per test file.
// PGlite loads its WASM through dynamic import(), which needs node's --experimental-vm-modules (see the
// "test" script).
const base = require('@atrium/build/jest')({ dir: __dirname, env: 'node' });
const esm = ['jose', 'content-disposition', 'cookie'].join('|');

module.exports = {
  ...base,
  transformIgnorePatterns: [`/node_modules/(?!\\.pnpm/(?:${esm})@|(?:${esm})/)`],
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  testTimeout: 30000,
};
