// One lint config for the workspace. Boundaries are enforced here, not in review:
// a remote imports only shared/* packages — never the host, never another remote, never a relative path out of itself.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const remoteBoundary = {
  files: ['remotes/**/src/**/*.{ts,tsx}'],
  ignores: ['remotes/**/src/**/*.test.{ts,tsx}', 'remotes/**/src/test-utils.tsx'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['@atrium/host', '@atrium/host/*'],
            message: 'A remote never imports the host: use shared/* or the event bus.',
          },
          {
            group: ['@atrium/remote-*'],
            message: 'Remotes never import each other: use the router, the bus or shared/*.',
          },
          { group: ['../../*', '../../../*'], message: 'Stay inside this remote: shared code belongs in shared/*.' },
          { group: ['@mantine/*'], message: 'Use Mantine through @atrium/ui (the shared singleton).' },
          { group: ['react-router', 'react-router-dom'], message: "Use the host's router through @atrium/ui." },
          { group: ['rxjs', 'rxjs/*'], message: 'Use the bus through @atrium/event-bus.' },
        ],
      },
    ],
  },
};

const hostBoundary = {
  files: ['host/src/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: ['@atrium/remote-*'], message: 'The host knows remotes only through RemoteModule at run time.' },
          { group: ['@mantine/*'], message: 'Use Mantine through @atrium/ui (the shared singleton).' },
        ],
      },
    ],
  },
};

// The API's layers run one way (docs/anatomy-of-a-server-module.md): lib/ and db/ serve every module and never
// import one; route plugins get their services from app.ts (the composition root) and never reach the database
// or a repository themselves. Import cycles between modules are checked by server/src/layers.test.ts.
const serverLayers = [
  {
    files: ['server/src/lib/**/*.ts', 'server/src/db/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules/**'],
              message: 'lib/ and db/ never import a module: move the shared piece into lib/ (see lib/caller.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/modules/**/*.routes.ts'],
    // contact-import builds its service in its routes until its pg-boss move hands it over to app.ts.
    ignores: ['server/src/modules/contact-import/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/client', '**/db/schema', '**/*.repository', 'drizzle-orm', 'drizzle-orm/*'],
              message: 'Routes are HTTP only: take the service from app.ts (the composition root) and call it.',
            },
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.turbo/**', 'server/drizzle/**', '**/coverage/**', '.tools/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.jest } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  { files: ['**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  remoteBoundary,
  hostBoundary,
  ...serverLayers,
);
