// One lint config for the workspace. Boundaries are enforced here, not in review (scripts/boundaries.test.mjs
// checks that they fire): a remote imports only shared/* packages — never the host, never another remote, never a
// relative path out of itself — and of the domain slices only its own (others through their `/public` entry);
// features inside a remote do not import each other; contracts imports nothing of ours; the UI never calls the
// API; a domain slice imports only the core (contracts, api-client).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// ---- Apps and shared packages (docs/architecture.md, "What lives where") ----
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const TESTS = ['**/*.test.{ts,tsx}', '**/test-utils.tsx', '**/test-server.ts', '**/testing.ts'];

/** The domain slice each remote owns: shared/domains/<domain>, package @atrium/domain-<domain>. */
const REMOTE_DOMAINS = {
  crm: 'crm',
  work: 'work',
  'documents-signatures': 'documents',
  comms: 'comms',
  'community-market': 'market',
  admin: 'admin',
};
/** The host's own domain: sign-in, sign-up, e-mail verification, password reset, profile. */
const HOST_DOMAIN = 'identity';

/** Another domain's slice is reached only through its documented public calls (`@atrium/domain-<d>/public`). */
const otherDomains = (own) => ({
  regex: `^@atrium/domain-(?!${own}(?:/|$))[\\w-]+(?:/(?!public$).*)?$`,
  message: `Only the ${own} slice is this app's own: another domain is reached through its documented public calls (@atrium/domain-<domain>/public), the bus or the router.`,
});
const TEST_HELPERS = {
  group: ['@atrium/api-client/testing', '@atrium/api-client/test-server', '@atrium/contracts/src/testing'],
  message: 'Test helpers (a session set up by hand, a fake server): only tests import them.',
};
const NO_HOST = {
  group: ['@atrium/host', '@atrium/host/*'],
  message: 'A remote never imports the host: use shared/* or the event bus.',
};
const NO_REMOTE = {
  group: ['@atrium/remote-*'],
  message: 'Remotes never import each other: use the router, the bus or shared/*.',
};
const VIA_UI = [
  { group: ['@mantine/*'], message: 'Use Mantine through @atrium/ui (the shared singleton).' },
  { group: ['react-router', 'react-router-dom'], message: "Use the host's router through @atrium/ui." },
  { group: ['rxjs', 'rxjs/*'], message: 'Use the bus through @atrium/event-bus.' },
];
const STAY_IN_REMOTE = {
  group: ['../../*', '../../../*'],
  message: 'Stay inside this remote: shared code belongs in shared/*.',
};
/** Files directly in src/features/<feature>/: `../x` is another feature. */
const FEATURES_APART = [
  {
    regex: '^\\.\\./(?!\\.\\./)',
    message:
      "Features do not import each other: move what both need to the remote's src/lib, src/hooks or src/components, or compose them in a route.",
  },
  {
    group: ['../../features/*', '../../routes/*'],
    message: 'A feature imports neither another feature nor a route: routes compose features.',
  },
  { group: ['../../../*'], message: 'Stay inside this remote: shared code belongs in shared/*.' },
];
/** src/lib, src/hooks, src/components: shared inside the remote, so they know no feature. */
const SHARED_IN_REMOTE = {
  group: ['../features/*'],
  message: "The remote's shared code (lib, hooks, components) does not import a feature.",
};

const remoteBoundaries = Object.entries(REMOTE_DOMAINS).flatMap(([remote, domain]) => {
  const src = `remotes/${remote}/src`;
  const tests = TESTS.map((t) => `${src}/${t}`);
  const base = [NO_HOST, NO_REMOTE, otherDomains(domain)];
  return [
    {
      files: [`${src}/**/*.{ts,tsx}`],
      ignores: tests,
      rules: restrict(...base, ...VIA_UI, TEST_HELPERS, STAY_IN_REMOTE),
    },
    {
      files: [`${src}/{lib,hooks,components}/**/*.{ts,tsx}`],
      ignores: tests,
      rules: restrict(...base, ...VIA_UI, TEST_HELPERS, STAY_IN_REMOTE, SHARED_IN_REMOTE),
    },
    {
      files: [`${src}/features/*/*.{ts,tsx}`],
      ignores: tests,
      rules: restrict(...base, ...VIA_UI, TEST_HELPERS, ...FEATURES_APART),
    },
    // Tests may render with react-router and set up a session, but stay inside their remote and domain too.
    { files: tests, rules: restrict(...base) },
  ];
});

const NO_REMOTE_IN_HOST = {
  group: ['@atrium/remote-*'],
  message: 'The host knows remotes only through RemoteModule at run time.',
};
const MANTINE_VIA_UI = VIA_UI[0];
const hostBoundaries = [
  {
    files: ['host/src/**/*.{ts,tsx}'],
    ignores: TESTS.map((t) => `host/src/${t}`),
    rules: restrict(NO_REMOTE_IN_HOST, MANTINE_VIA_UI, otherDomains(HOST_DOMAIN), TEST_HELPERS),
  },
  {
    files: TESTS.map((t) => `host/src/${t}`),
    rules: restrict(NO_REMOTE_IN_HOST, MANTINE_VIA_UI, otherDomains(HOST_DOMAIN)),
  },
];

const sharedBoundaries = [
  {
    files: ['shared/contracts/src/**/*.ts'],
    rules: restrict({
      group: ['@atrium/*'],
      message: "contracts is the core: it imports nothing of ours (a domain's types belong to its slice).",
    }),
  },
  {
    files: ['shared/ui/src/**/*.{ts,tsx}'],
    rules: restrict(
      {
        group: ['@atrium/api-client', '@atrium/api-client/*'],
        message: 'The UI does not call the API: a feature hook fetches and hands the data in.',
      },
      { group: ['@atrium/domain-*', '@atrium/notes', '@atrium/notes/*'], message: 'The UI knows no domain.' },
    ),
  },
  {
    files: ['shared/api-client/src/**/*.ts'],
    rules: restrict({
      group: ['@atrium/domain-*', '@atrium/ui', '@atrium/ui/*', '@atrium/notes', '@atrium/notes/*'],
      message: "The api-client is the transport only: a domain's typed calls live in its slice (shared/domains).",
    }),
  },
  {
    files: ['shared/domains/*/src/**/*.ts'],
    ignores: TESTS.map((t) => `shared/domains/*/src/${t}`),
    rules: restrict({
      regex: '^@atrium/(?!contracts(?:/|$)|api-client$)',
      message:
        'A domain slice imports only the core (@atrium/contracts, @atrium/api-client): never another slice, the UI, the bus or an app.',
    }),
  },
  {
    files: TESTS.map((t) => `shared/domains/*/src/${t}`),
    rules: restrict({
      regex: '^@atrium/(?!contracts(?:/|$)|api-client(?:/|$)|event-bus$)',
      message: 'A domain slice imports only the core (tests may also listen on the bus).',
    }),
  },
];

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
  ...remoteBoundaries,
  ...hostBoundaries,
  ...sharedBoundaries,
  ...serverLayers,
);
