import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { backupKind, megabytes, seconds } from './files';
import { describeFingerprint } from './fingerprint';
import {
  backupPglite,
  checkPgliteBackup,
  restorePglite,
  type BackupOutcome,
  type RestoreReport,
} from './pglite-backup';
import { backupPostgres, checkPostgresArchive, restorePostgres, secretSidecar } from './postgres-backup';

type Print = (line: string) => void;

const BACKUP_HELP = `Usage: node server/dist/backup.js [--out FILE|DIR] [--force]      (or: pnpm backup …)

Backs up the database the server is configured for (same environment as the server: DATA_DIR, DATABASE_URL,
APP_SECRET). Default file: <DATA_DIR>-backups/atrium-<pglite|postgres>-<time>.<tar.gz|dump>.
  PGlite:      taken by the running server through its control socket (<DATA_DIR>.control.sock), or — when no
               server runs — by opening DATA_DIR here. --force: open DATA_DIR although postmaster.pid is there
               (only after making sure no server runs on it).
  PostgreSQL:  pg_dump -Fc of DATABASE_URL; DATA_DIR/secret.key (when APP_SECRET is unset) is copied beside it.
See docs/operations.md.`;

const RESTORE_HELP = `Usage: node server/dist/restore.js BACKUP [--data-dir DIR | --database-url URL] [--force] [--check]

Builds a fresh database from BACKUP (a PGlite .tar.gz or a pg_dump -Fc archive), runs this server's migrations
and checks the result. Stop the server first.
  PGlite:      into --data-dir (default DATA_DIR); must be empty or missing, --force moves it aside.
  PostgreSQL:  into --database-url (default DATABASE_URL); created when missing; must be empty, --force drops and
               recreates it. <BACKUP without .dump>.secret.key is installed as DATA_DIR/secret.key unless
               APP_SECRET is set.
  --check      read and verify BACKUP only (PGlite: opened and migrated in memory); nothing is written.
See docs/operations.md.`;

function secretAdvice(secret: BackupOutcome['secret'], file: string): string {
  switch (secret) {
    case 'secret.key inside the backup':
      return 'app secret: secret.key is inside the backup, so the file is as sensitive as the secret itself';
    case 'secret.key beside the backup':
      return `app secret: copied to ${secretSidecar(file)} — keep both files together`;
    case 'APP_SECRET (keep it yourself)':
      return 'app secret: APP_SECRET comes from the environment — keep it with the backup (without it every session, CSRF token and mailed link dies)';
    default:
      return 'app secret: none found (no APP_SECRET, no secret.key yet)';
  }
}

export async function runBackup(argv: string[], env: NodeJS.ProcessEnv, print: Print = console.log): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { out: { type: 'string' }, force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) return print(BACKUP_HELP);
  const config = loadConfig(env);
  const outcome = config.databaseUrl
    ? await backupPostgres({
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
        out: values.out,
        appSecret: config.appSecret,
      })
    : await backupPglite({
        dataDir: config.dataDir,
        out: values.out,
        force: values.force,
        appSecret: config.appSecret,
      });
  print(`Backup written: ${outcome.file} (${megabytes(outcome.bytes)})`);
  print(`  taken: ${outcome.how}, in ${seconds(outcome.ms)}`);
  if (outcome.entries !== undefined) print(`  archive: ${outcome.entries} tables of data (pg_restore --list)`);
  print(`  ${secretAdvice(outcome.secret, outcome.file)}`);
  print(`  verify: node server/dist/restore.js ${outcome.file} --check`);
}

function printReport(report: RestoreReport, print: Print): void {
  print(`  migrations: ${report.migrationsInBackup} in the backup, ${report.migrationsShipped} now`);
  print(`  tables (rows):\n${describeFingerprint(report.tables)}`);
  print(`  took ${seconds(report.ms)}`);
}

export async function runRestore(argv: string[], env: NodeJS.ProcessEnv, print: Print = console.log): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      force: { type: 'boolean' },
      check: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return print(RESTORE_HELP);
  const [from, ...extra] = positionals;
  if (!from || extra.length > 0) throw new Error(`name one backup file\n\n${RESTORE_HELP}`);
  const config = loadConfig({
    ...env,
    ...(values['data-dir'] ? { DATA_DIR: values['data-dir'] } : {}),
    ...(values['database-url'] ? { DATABASE_URL: values['database-url'] } : {}),
  });
  const kind = backupKind(from);

  if (values.check) {
    if (kind === 'postgres') {
      const { entries, secretBeside } = await checkPostgresArchive(from);
      print(`${from}: a readable pg_dump archive with ${entries} tables of data`);
      print(`  app secret: ${secretBeside ? `${secretSidecar(from)} beside it` : 'none beside it (APP_SECRET?)'}`);
      print('  (to check the data itself, restore it into a scratch database with --database-url)');
      return;
    }
    const report = await checkPgliteBackup(from);
    print(`${from}: a PGlite backup that opens and migrates`);
    print(`  app secret: ${report.secretRestored ? 'secret.key included' : 'no secret.key (APP_SECRET?)'}`);
    return printReport(report, print);
  }

  if (kind === 'postgres') {
    if (!config.databaseUrl) throw new Error('a pg_dump archive restores into PostgreSQL: set --database-url');
    const report = await restorePostgres({
      from,
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      appSecret: config.appSecret,
      force: values.force,
    });
    print(`Restored into ${report.target}`);
    print(
      `  app secret: ${report.secretRestored ? `installed as ${config.dataDir}/secret.key` : config.appSecret ? 'APP_SECRET from the environment' : 'none beside the archive — set APP_SECRET to the old value'}`,
    );
    return printReport(report, print);
  }
  const report = await restorePglite({ from, dataDir: config.dataDir, force: values.force });
  print(`Restored into ${report.target}`);
  if (report.movedAside) print(`  the previous contents are kept in ${report.movedAside}`);
  print(
    `  app secret: ${report.secretRestored ? 'secret.key restored' : config.appSecret ? 'APP_SECRET from the environment' : 'not in the backup — set APP_SECRET to the old value, or every session ends'}`,
  );
  printReport(report, print);
}

/** Entry points: errors become one line on stderr and exit code 1. */
export function main(run: typeof runBackup): void {
  run(process.argv.slice(2), process.env).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
