// The shared preset (swc → CommonJS) plus what the API tests need, so that plain `jest --runInBand` works:
// - ESM-only packages to transform: content-disposition (via @fastify/static) and cookie (via @fastify/cookie,
//   light-my-request); jose is in the preset's list already.
// - PGlite's CommonJS build and @fastify/cookie load modules through dynamic import(), which jest's CommonJS
//   sandbox only runs under node --experimental-vm-modules: test/dynamic-import-transform.cjs turns those into
//   require().
// - one migrated PGlite per run (globalSetup), copied per test file (test/helpers.ts).
const base = require('@atrium/build/jest')({
  dir: __dirname,
  env: 'node',
  esmDeps: [
    'content-disposition',
    'cookie',
    '@electric-sql\\+pglite',
    '@electric-sql/pglite',
    '@fastify\\+cookie',
    '@fastify/cookie',
    // Google sign-in: the OIDC client and, in tests, the mock issuer.
    'openid-client',
    'oauth4webapi',
    'oauth2-mock-server',
    'is-plain-obj',
  ],
});

const dynamicImport = '<rootDir>/test/dynamic-import-transform.cjs';

module.exports = {
  ...base,
  // Cross-module tests (the security route matrix) live in test/ next to the helpers.
  roots: ['<rootDir>/src', '<rootDir>/test'],
  transform: {
    '[\\\\/]@electric-sql[\\\\/]pglite[\\\\/].+\\.cjs$': dynamicImport,
    '[\\\\/]@fastify[\\\\/]cookie[\\\\/].+\\.js$': dynamicImport,
    ...base.transform,
  },
  // `*.pg.test.ts` suites need a real PostgreSQL server (terminated backends, a partition): they run in the
  // TEST_DATABASE_URL pass only.
  testPathIgnorePatterns: ['/node_modules/', ...(process.env.TEST_DATABASE_URL ? [] : ['\\.pg\\.test\\.ts$'])],
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  testTimeout: 30000,
};
