// The boundaries of docs/architecture.md ("What lives where") are lint rules (eslint.config.mjs); this checks that
// they fire, on one-line fixtures linted as if they sat at the given paths, and that the federation shared map
// keeps domain slices out of the singletons. Run alone: node --test scripts/boundaries.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { sharedMap } from '../shared/build/shared-map.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root });

/** The boundary messages ESLint gives `import … from '<spec>'` in a file at `file`. */
async function refusals(file, spec) {
  const code = `import * as m from '${spec}';\nexport const x = m;\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}
async function refused(file, spec, why) {
  const found = await refusals(file, spec);
  assert.ok(
    found.some((m) => m.includes(why)),
    `${file} importing ${spec} should be refused (${why}); got ${JSON.stringify(found)}`,
  );
}
async function allowed(file, spec) {
  assert.deepEqual(await refusals(file, spec), [], `${file} may import ${spec}`);
}

test('contracts imports nothing of ours', async () => {
  await refused('shared/contracts/src/x.ts', '@atrium/api-client', 'imports nothing of ours');
  await refused('shared/contracts/src/x.ts', '@atrium/domain-crm', 'imports nothing of ours');
  await allowed('shared/contracts/src/x.ts', 'zod');
});

test('the UI does not call the API nor know a domain', async () => {
  await refused('shared/ui/src/x.tsx', '@atrium/api-client', 'does not call the API');
  await refused('shared/ui/src/x.tsx', '@atrium/domain-crm', 'knows no domain');
  await allowed('shared/ui/src/x.tsx', '@atrium/contracts');
});

test('the api-client is the transport only', async () => {
  await refused('shared/api-client/src/x.ts', '@atrium/domain-admin', 'transport only');
});

test('a domain slice imports only the core packages', async () => {
  const file = 'shared/domains/crm/src/api/x.ts';
  await allowed(file, '@atrium/contracts');
  await allowed(file, '@atrium/api-client');
  await refused(file, '@atrium/domain-admin', 'imports only the core');
  await refused(file, '@atrium/ui', 'imports only the core');
  await refused(file, '@atrium/event-bus', 'imports only the core');
  await refused(file, '@atrium/api-client/testing', 'imports only the core');
  await allowed('shared/domains/crm/src/api/x.test.ts', '@atrium/api-client/testing');
});

test("a remote uses its own domain's slice, and another domain only through its public calls", async () => {
  const file = 'remotes/crm/src/routes/x.tsx';
  await allowed(file, '@atrium/domain-crm');
  await allowed(file, '@atrium/domain-admin/public');
  await refused(file, '@atrium/domain-admin', 'documented public calls');
  await refused(file, '@atrium/domain-admin/schemas', 'documented public calls');
  await refused('remotes/admin/src/routes/x.tsx', '@atrium/domain-crm', 'documented public calls');
  await refused(file, '@atrium/remote-work', 'never import each other');
  await refused(file, '@atrium/host', 'never imports the host');
  await refused(file, '@mantine/core', 'through @atrium/ui');
});

test('the host owns the identity slice and reaches others through their public calls', async () => {
  await allowed('host/src/x.tsx', '@atrium/domain-identity');
  await allowed('host/src/x.tsx', '@atrium/domain-admin/public');
  await refused('host/src/x.tsx', '@atrium/domain-admin', 'documented public calls');
  await refused('host/src/x.tsx', '@atrium/domain-crm', 'documented public calls');
});

test('features inside a remote do not import each other', async () => {
  const file = 'remotes/crm/src/features/contacts/x.tsx';
  await refused(file, '../groups/use-groups', 'Features do not import each other');
  await refused(file, '../../features/groups/use-groups', 'neither another feature');
  await refused(file, '../../routes/contacts-page', 'neither another feature');
  await allowed(file, './list-params');
  await allowed(file, '../../hooks/use-contact-options');
  await allowed('remotes/crm/src/routes/x.tsx', '../features/groups/use-groups');
  await refused('remotes/crm/src/hooks/x.ts', '../features/groups/use-groups', 'does not import a feature');
});

test('test helpers stay in tests: product code cannot set a session by hand', async () => {
  await refused('remotes/admin/src/features/business/x.ts', '@atrium/api-client/testing', 'only tests');
  await refused('host/src/shell/x.tsx', '@atrium/api-client/testing', 'only tests');
  await allowed('host/src/shell/x.test.tsx', '@atrium/api-client/testing');
  await allowed('remotes/admin/src/test-utils.tsx', '@atrium/api-client/testing');
});

test('domain slices are not federation singletons; the transport and the core are', () => {
  const names = Object.keys(sharedMap);
  assert.deepEqual(
    names.filter((n) => n.startsWith('@atrium/domain-')),
    [],
  );
  for (const core of ['@atrium/contracts', '@atrium/api-client', '@atrium/event-bus', '@atrium/ui', '@atrium/notes'])
    assert.equal(sharedMap[core]?.singleton, true, `${core} is a singleton`);
});
