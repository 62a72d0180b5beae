// PGlite backup and restore through the real code: data made through the API of an app on an on-disk DATA_DIR
// (secret.key generated there, as main.ts does), a hot backup through the control socket the server listens on,
// a restore into a fresh directory, every table compared, and a session cookie from before the backup used on an
// app built on the restored data. Runs in both test passes (it makes its own PGlite).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openPglite, type DatabaseHandle } from '../db/client';
import { runMigrations } from '../db/migrate';
import { resolveAppSecret, SECRET_FILE } from '../lib/secret';
import { Agent, sqlRows, testMailer } from '../../test/helpers';
import { TEMPLATE_ENV } from '../../test/pglite-template';
import { carryCookies, FILLED_TABLES, makeData, rowsOf } from './backup-test-data';
import { runBackup, runRestore } from './cli';
import { controlSocketPath, startControlSocket, type ControlSocket } from './control-socket';
import { databaseFingerprint, type TableFingerprint } from './fingerprint';
import { backupPglite, checkPgliteBackup, restorePglite, tarEntries } from './pglite-backup';

jest.setTimeout(120_000);

const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** An on-disk PGlite in `dataDir`: a copy of the migrated template when the run made one, else migrated here. */
async function openSource(dataDir: string): Promise<DatabaseHandle> {
  const template = process.env[TEMPLATE_ENV];
  if (template) return openPglite({ dataDir, loadDataDir: new Blob([readFileSync(template)]) });
  const handle = await openPglite({ dataDir });
  await runMigrations(handle);
  return handle;
}

function appEnv(dataDir: string): NodeJS.ProcessEnv {
  return { DATA_DIR: dataDir, WEB_DIR: '/nonexistent/web', REGISTER_RATE_LIMIT: '1000', LOG_LEVEL: 'silent' };
}

async function appOn(database: DatabaseHandle, dataDir: string, secret: string): Promise<FastifyInstance> {
  const app = await buildApp({
    config: loadConfig(appEnv(dataDir)),
    database,
    secret,
    logger: false,
    mailer: testMailer(),
  });
  await app.ready();
  return app;
}

describe('PGlite backup and restore', () => {
  let work: string;
  let dataDir: string;
  let source: DatabaseHandle;
  let secret: string;
  let app: FastifyInstance;
  let control: ControlSocket | null;
  let owner: Agent;
  let ownerId: string;
  let before: TableFingerprint[];
  let backupFile: string;
  const opened: DatabaseHandle[] = [];
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'atrium-backup-'));
    dataDir = path.join(work, 'data');
    source = await openSource(dataDir);
    secret = resolveAppSecret({ appSecret: undefined, dataDir });
    app = await appOn(source, dataDir, secret);
    control = await startControlSocket(dataDir, source, quietLog);
    ({ owner, ownerId } = await makeData(app));
  });

  afterAll(async () => {
    for (const a of apps) await a.close();
    for (const h of opened) if (!(h.driver.kind === 'pglite' && h.driver.client.closed)) await h.close();
    await control?.close();
    await app?.close();
    if (source?.driver.kind === 'pglite' && !source.driver.client.closed) await source.close();
    rmSync(work, { recursive: true, force: true });
  });

  test('the running server listens on a 0600 control socket beside DATA_DIR', () => {
    expect(control?.path).toBe(`${dataDir}.control.sock`);
    expect(statSync(controlSocketPath(dataDir)).isSocket()).toBe(true);
    expect(statSync(controlSocketPath(dataDir)).mode & 0o777).toBe(0o600);
  });

  test('a hot backup through the server restores into a fresh directory with every table identical', async () => {
    before = await databaseFingerprint(source.db);
    for (const name of FILLED_TABLES) expect(rowsOf(before, name)).toBeGreaterThan(0);

    const outcome = await backupPglite({ dataDir, out: `${work}/backups/` });
    expect(outcome).toMatchObject({ how: 'hot (through the running server)', secret: 'secret.key inside the backup' });
    backupFile = outcome.file;
    expect(path.dirname(backupFile)).toBe(path.join(work, 'backups'));
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);
    expect(tarEntries(readFileSync(backupFile))).toEqual(expect.arrayContaining([SECRET_FILE, 'PG_VERSION']));
    // The server still answers after the dump.
    expect((await owner.get('/users/me')).statusCode).toBe(200);

    const restoredDir = path.join(work, 'restored');
    const report = await restorePglite({ from: backupFile, dataDir: restoredDir });
    expect(report).toMatchObject({
      target: restoredDir,
      secretRestored: true,
      migrationsInBackup: report.migrationsShipped,
    });
    expect(report.tables).toEqual(before);

    // Opened again on its own, as a server would: same rows, same secret (and not world-readable).
    const restored = await openPglite({ dataDir: restoredDir });
    opened.push(restored);
    expect(await databaseFingerprint(restored.db)).toEqual(before);
    expect(statSync(path.join(restoredDir, SECRET_FILE)).mode & 0o777).toBe(0o600);
    expect(resolveAppSecret({ appSecret: undefined, dataDir: restoredDir })).toBe(secret);
    expect(existsSync(`${restoredDir}.restoring-${process.pid}`)).toBe(false);
  });

  test('a session cookie issued before the backup works against an app on the restored data and secret', async () => {
    const restoredDir = path.join(work, 'restored');
    const restored = opened[0]!;
    const restoredApp = await appOn(
      restored,
      restoredDir,
      resolveAppSecret({ appSecret: undefined, dataDir: restoredDir }),
    );
    apps.push(restoredApp);
    const carried = carryCookies(owner, restoredApp);
    const me = await carried.get('/users/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(ownerId);
    const contacts = await carried.get('/contacts?limit=50');
    expect(contacts.json().data).toHaveLength(12);
    // A write through the restored app works too (CSRF token from before the backup).
    expect((await carried.post('/contacts', { firstName: 'After', email: 'after@example.com' })).statusCode).toBe(201);
    // …and the comparison notices one new row.
    expect(await databaseFingerprint(restored.db)).not.toEqual(before);

    // Without the old secret the same cookies are worthless: the secret is part of the backup for a reason.
    const otherApp = await appOn(restored, restoredDir, randomBytes(32).toString('base64url'));
    apps.push(otherApp);
    expect((await carryCookies(owner, otherApp).get('/users/me')).statusCode).toBe(401);
  });

  test('a hot backup taken during writes is consistent (counters and search rows agree with the contacts)', async () => {
    let writing = true;
    const writes = (async () => {
      for (let i = 0; writing && i < 200; i++) {
        await owner.post('/contacts', { firstName: `During ${i}`, email: `during.${i}@example.com` });
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outcome = await backupPglite({ dataDir, out: `${work}/during.tar.gz` });
    writing = false;
    await writes;
    const report = await checkPgliteBackup(outcome.file);
    expect(report.secretRestored).toBe(true);
    const copy = await openPglite({
      loadDataDir: new Blob([readFileSync(outcome.file)], { type: 'application/x-gzip' }),
    });
    opened.push(copy);
    const mismatches = await sqlRows(
      copy.db,
      sql`SELECT b.id FROM businesses b LEFT JOIN contact_counts cc ON cc.business_id = b.id
          WHERE coalesce(cc.contacts, 0) <> (SELECT count(*) FROM contacts c WHERE c.business_id = b.id)`,
    );
    expect(mismatches).toEqual([]);
    const [counts] = await sqlRows<{ contacts: number; search: number }>(
      copy.db,
      sql`SELECT (SELECT count(*)::int FROM contacts) AS contacts, (SELECT count(*)::int FROM contact_search) AS search`,
    );
    expect(counts!.search).toBe(counts!.contacts);
    expect(counts!.contacts).toBeGreaterThan(rowsOf(before, 'public.contacts'));
  });

  test("restore refuses a running server's directory and a non-empty one; --force moves the old one aside", async () => {
    await expect(restorePglite({ from: backupFile, dataDir })).rejects.toThrow(/a server is running/);
    const target = path.join(work, 'occupied');
    await expect(restorePglite({ from: backupFile, dataDir: path.join(work, 'restored') })).rejects.toThrow(
      /not empty/,
    );
    mkdirSync(target);
    writeFileSync(path.join(target, 'keep-me'), 'old');
    const report = await restorePglite({ from: backupFile, dataDir: target, force: true });
    expect(report.movedAside).toMatch(/occupied\.before-restore-/);
    expect(readFileSync(path.join(report.movedAside!, 'keep-me'), 'utf8')).toBe('old');
    expect(report.tables).toEqual(before);
  });

  test('a damaged backup fails the check and leaves no directory behind', async () => {
    const data = readFileSync(backupFile);
    const damaged = path.join(work, 'damaged.tar.gz');
    writeFileSync(damaged, data.subarray(0, Math.floor(data.length / 2)));
    await expect(checkPgliteBackup(damaged)).rejects.toThrow();
    await expect(restorePglite({ from: damaged, dataDir: path.join(work, 'never') })).rejects.toThrow();
    expect(existsSync(path.join(work, 'never'))).toBe(false);
    expect(existsSync(path.join(work, `never.restoring-${process.pid}`))).toBe(false);
  });

  test('cold backup (the commands): refused while the directory is open elsewhere, taken once the server stopped', async () => {
    const env = appEnv(dataDir);
    const lines: string[] = [];
    const print = (line: string) => lines.push(line);
    // A PGlite holds DATA_DIR but no server answers on the socket (one that predates it, or crashed).
    await control!.close();
    control = null;
    await expect(runBackup(['--out', `${work}/cold.tar.gz`], env, print)).rejects.toThrow(/postmaster\.pid/);

    const last = await databaseFingerprint(source.db);
    await app.close();
    await source.close();
    await runBackup(['--out', `${work}/cold.tar.gz`], env, print);
    expect(lines.join('\n')).toMatch(/taken: cold \(server stopped\)/);

    await runRestore([`${work}/cold.tar.gz`, '--check'], env, print);
    expect(lines.join('\n')).toMatch(/opens and migrates/);
    const restoredDir = path.join(work, 'cold-restored');
    await runRestore([`${work}/cold.tar.gz`, '--data-dir', restoredDir], env, print);
    expect(lines.join('\n')).toMatch(/secret\.key restored/);
    const restored = await openPglite({ dataDir: restoredDir });
    opened.push(restored);
    expect(await databaseFingerprint(restored.db)).toEqual(last);
  });
});
