// One jest preset for every package: swc transform, jsdom or node, ESM-only deps transformed.
const path = require('node:path');

/** ESM-only packages jest must transform; pnpm keeps them at node_modules/.pnpm/<name>@<v>/node_modules/<name>. */
const ESM_DEPS = ['ky', 'valtio', 'proxy-compare', 'jose'];

/** @param {{ dir: string, env?: 'node' | 'jsdom', setupFiles?: string[], esmDeps?: string[] }} o */
module.exports = function createJestConfig({ dir, env = 'jsdom', setupFiles = [], esmDeps = [] }) {
  const esm = [...ESM_DEPS, ...esmDeps].join('|');
  return {
    rootDir: dir,
    testEnvironment: env === 'jsdom' ? path.join(__dirname, 'jsdom-env.cjs') : 'node',
    roots: ['<rootDir>/src'],
    testMatch: ['**/*.test.ts', '**/*.test.tsx'],
    transform: {
      '^.+\\.(t|j|mj)sx?$': [
        require.resolve('@swc/jest'),
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    transformIgnorePatterns: [`/node_modules/(?!(?:\\.pnpm/)?(?:${esm})[@/])`],
    moduleNameMapper: { '\\.(css)$': require.resolve('identity-obj-proxy') },
    setupFilesAfterEnv: [...(env === 'jsdom' ? [path.join(__dirname, 'jest-setup.cjs')] : []), ...setupFiles],
    testTimeout: 20000,
  };
};
