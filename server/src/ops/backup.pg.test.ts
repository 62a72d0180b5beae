// PostgreSQL backup and restore (runs in the TEST_DATABASE_URL pass only, like every *.pg.test.ts): data through
// the API of an app on its own database, pg_dump -Fc through the backup command's code, pg_restore into a new
// database, every table compared, and a session from before the backup used on an app built on the restored copy.
// The secret is kept as DATA_DIR/secret.key (APP_SECRET unset), so it must travel beside the archive.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openPostgres, type DatabaseHandle } from '../db/client';
import { resolveAppSecret, SECRET_FILE } from '../lib/secret';
import { createTestApp, testMailer, type TestApp } from '../../test/helpers';
import { carryCookies, FILLED_TABLES, makeData, rowsOf } from './backup-test-data';
import { runRestore } from './cli';
import { databaseFingerprint, type TableFingerprint } from './fingerprint';
import { backupPostgres, restorePostgres, secretSidecar } from './postgres-backup';

jest.setTimeout(120_000);

const adminUrl = process.env.TEST_DATABASE_URL!;

function urlOf(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

describe('PostgreSQL backup and restore (pg_dump -Fc / pg_restore)', () => {
  let t: TestApp;
  let work: string;
  let sourceUrl: string;
  let before: TableFingerprint[];
  let archive: string;
  let owner: Awaited<ReturnType<typeof makeData>>;
  const restoredName = `atrium_test_${randomBytes(6).toString('hex')}_restored`;
  const handles: DatabaseHandle[] = [];
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    work = mkdtempSync(path.join(tmpdir(), 'atrium-pg-backup-'));
    // The API host's DATA_DIR holds the secret (APP_SECRET unset): the app below runs with it.
    mkdirSync(path.join(work, 'source-data'));
    writeFileSync(path.join(work, 'source-data', SECRET_FILE), `${t.secret}\n`, { mode: 0o600 });
    if (t.database.driver.kind !== 'postgres') throw new Error('TEST_DATABASE_URL is set: expected PostgreSQL');
    sourceUrl = (t.database.driver.pool as unknown as { options: { connectionString: string } }).options
      .connectionString;
    owner = await makeData(t.app);
  });

  afterAll(async () => {
    for (const a of apps) await a.close();
    for (const h of handles) await h.close().catch(() => undefined);
    await t?.close();
    await admin((client) => client.query(`DROP DATABASE IF EXISTS ${restoredName} WITH (FORCE)`));
    if (work) rmSync(work, { recursive: true, force: true });
  });

  test('pg_dump -Fc while the app runs, the secret beside it; pg_restore into a new database has every table identical', async () => {
    before = await databaseFingerprint(t.database.db);
    for (const name of FILLED_TABLES) expect(rowsOf(before, name)).toBeGreaterThan(0);

    const outcome = await backupPostgres({
      databaseUrl: sourceUrl,
      dataDir: path.join(work, 'source-data'),
      out: `${work}/`,
    });
    expect(outcome).toMatchObject({ how: 'pg_dump', secret: 'secret.key beside the backup' });
    expect(outcome.file).toMatch(/atrium-postgres-.*\.dump$/);
    expect(outcome.entries).toBeGreaterThanOrEqual(FILLED_TABLES.length);
    archive = outcome.file;
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    expect(readFileSync(archive).subarray(0, 5).toString()).toBe('PGDMP');
    expect(readFileSync(secretSidecar(archive), 'utf8').trim()).toBe(t.secret);

    const restoredData = path.join(work, 'restored-data');
    const report = await restorePostgres({ from: archive, databaseUrl: urlOf(restoredName), dataDir: restoredData });
    expect(report.secretRestored).toBe(true);
    expect(report.migrationsInBackup).toBe(report.migrationsShipped);
    expect(report.tables).toEqual(before);

    const restored = openPostgres(urlOf(restoredName), { poolSize: 2 });
    handles.push(restored);
    expect(await databaseFingerprint(restored.db)).toEqual(before);
    expect(resolveAppSecret({ appSecret: undefined, dataDir: restoredData })).toBe(t.secret);
  });

  test('a session cookie issued before the backup works against an app on the restored database and secret', async () => {
    const restoredData = path.join(work, 'restored-data');
    const config = loadConfig({ DATA_DIR: restoredData, WEB_DIR: '/nonexistent/web', LOG_LEVEL: 'silent' });
    const secret = resolveAppSecret(config);
    const app = await buildApp({ config, database: handles[0]!, secret, logger: false, mailer: testMailer() });
    apps.push(app);
    const carried = carryCookies(owner.owner, app);
    const me = await carried.get('/users/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(owner.ownerId);
    expect((await carried.get('/contacts?limit=50')).json().data).toHaveLength(12);

    const stranger = await buildApp({
      config,
      database: handles[0]!,
      secret: randomBytes(32).toString('base64url'),
      logger: false,
      mailer: testMailer(),
    });
    apps.push(stranger);
    expect((await carryCookies(owner.owner, stranger).get('/users/me')).statusCode).toBe(401);
  });

  test('restore refuses a non-empty database; --force drops and recreates it', async () => {
    const restoredData = path.join(work, 'restored-data');
    const env = { DATA_DIR: restoredData, WEB_DIR: '/nonexistent/web', DATABASE_URL: urlOf(restoredName) };
    const lines: string[] = [];
    await expect(runRestore([archive], env, (line) => lines.push(line))).rejects.toThrow(/is not empty/);
    for (const h of handles.splice(0)) await h.close();
    await runRestore([archive, '--force'], env, (line) => lines.push(line));
    expect(lines.join('\n')).toMatch(/Restored into postgres:\/\//);
    const again = openPostgres(urlOf(restoredName), { poolSize: 2 });
    handles.push(again);
    expect(await databaseFingerprint(again.db)).toEqual(before);
    expect(existsSync(path.join(restoredData, SECRET_FILE))).toBe(true);

    await runRestore([archive, '--check'], env, (line) => lines.push(line));
    expect(lines.join('\n')).toMatch(/a readable pg_dump archive with \d+ tables of data/);
  });
});
