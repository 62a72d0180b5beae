import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { resolveAppSecret } from './lib/secret';
import { startControlSocket } from './ops/control-socket';

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  await runMigrations(database);
  // After the database, so PGlite initialises DATA_DIR first; secret.key then sits beside its files.
  const secret = resolveAppSecret(config);
  const app = await buildApp({ config, database, secret });
  // PGlite: the operator's hot-backup channel, a 0600 Unix socket beside DATA_DIR (docs/operations.md).
  await startControlSocket(config.dataDir, database, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // In-flight requests finish (each bounded by the database timeouts); a stop that still hangs exits anyway,
    // so an orchestrator's SIGTERM always ends the process.
    setTimeout(() => {
      app.log.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown did not finish in time; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  // A crash is reported (when SENTRY_DSN is set) before the process ends as Node would end it; a stray rejection is
  // reported and logged, and the API keeps serving.
  process.on('uncaughtException', (error) => {
    app.log.fatal({ err: error }, 'uncaught exception');
    app.errorReporter?.captureException(error, 'fatal', { kind: 'uncaught-exception' });
    void (app.errorReporter?.flush(2_000) ?? Promise.resolve()).finally(() => process.exit(1));
  });
  process.on('unhandledRejection', (reason) => {
    app.log.error({ err: reason }, 'unhandled promise rejection');
    app.errorReporter?.captureException(reason, 'error', { kind: 'unhandled-rejection' });
  });
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info({ db: database.kind, webDir: config.webDir }, 'Atrium API ready');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
