// One jest preset for every package: swc transform, jsdom or node, ESM-only deps transformed.
const path = require('node:path');

const esmDeps = ['ky', 'valtio', 'proxy-compare', 'derive-valtio', 'until-async'];
const esm = esmDeps.join('|');

/** @param {{ dir: string, env?: 'node' | 'jsdom', setupFiles?: string[] }} o */
module.exports = function createJestConfig({ dir, env = 'jsdom', setupFiles = [] }) {
  return {
    rootDir: dir,
    testEnvironment: env,
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
    transformIgnorePatterns: [`/node_modules/(?!(\\.pnpm/(${esm})@|${esm})/)`],
    moduleNameMapper: { '\\.(css)$': require.resolve('identity-obj-proxy') },
    setupFilesAfterEnv: [
      ...(env === 'jsdom' ? [path.join(__dirname, 'jest-setup.cjs')] : []),
      ...setupFiles,
    ],
    testTimeout: 20000,
  };
};
