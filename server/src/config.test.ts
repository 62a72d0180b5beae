import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config';
import { repoRoot } from './lib/paths';

describe('config', () => {
  test('defaults', () => {
    const config = loadConfig({});
    const root = repoRoot();
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.join(root, '.data', 'pglite'),
      databaseUrl: undefined,
      appSecret: undefined,
      webDir: path.join(root, 'host', 'dist'),
      cookieSecure: false,
      loginRateLimit: 10,
      registerRateLimit: 20,
      logLevel: 'info',
      sqlStatementLog: undefined,
      // No admin domain unless the operator names one; PostgreSQL waits bounded so requests answer 503, not hang.
      adminEmailDomain: null,
      dbTimeouts: { connectMs: 5_000, statementMs: 15_000, queryMs: 20_000 },
      shutdownTimeoutMs: 10_000,
    });
    expect(config.remotes).toEqual([
      { name: 'crm', entry: 'http://localhost:3001/remoteEntry.js' },
      { name: 'work', entry: 'http://localhost:3002/remoteEntry.js' },
      { name: 'documents_signatures', entry: 'http://localhost:3003/remoteEntry.js' },
      { name: 'comms', entry: 'http://localhost:3004/remoteEntry.js' },
      { name: 'community_market', entry: 'http://localhost:3005/remoteEntry.js' },
      { name: 'admin', entry: 'http://localhost:3006/remoteEntry.js' },
    ]);
    expect(existsSync(path.join(root, 'pnpm-workspace.yaml'))).toBe(true);
  });

  test('database timeouts and the shutdown deadline come from the environment', () => {
    const config = loadConfig({
      DB_CONNECT_TIMEOUT_MS: '800',
      DB_STATEMENT_TIMEOUT_MS: '2000',
      SHUTDOWN_TIMEOUT_MS: '3000',
    });
    expect(config.dbTimeouts).toEqual({ connectMs: 800, statementMs: 2_000, queryMs: 7_000 });
    expect(config.shutdownTimeoutMs).toBe(3_000);
    expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: '0' })).toThrow(/DB_STATEMENT_TIMEOUT_MS/);
  });

  test('reads and coerces the environment', () => {
    const config = loadConfig({
      PORT: '4000',
      DATA_DIR: 'relative/db',
      DATABASE_URL: 'postgres://u@db:5432/atrium',
      COOKIE_SECURE: 'true',
      LOGIN_RATE_LIMIT: '3',
      REMOTE_COMMS_URL: 'https://comms.example.com/remoteEntry.js',
      APP_SECRET: '',
      SQL_STATEMENT_LOG: 'logs/statements.jsonl',
    });
    expect(config.port).toBe(4000);
    expect(config.dataDir).toBe(path.resolve('relative/db'));
    expect(config.databaseUrl).toBe('postgres://u@db:5432/atrium');
    expect(config.cookieSecure).toBe(true);
    expect(config.loginRateLimit).toBe(3);
    expect(config.appSecret).toBeUndefined();
    expect(config.sqlStatementLog).toBe(path.resolve('logs/statements.jsonl'));
    expect(config.remotes.find((r) => r.name === 'comms')?.entry).toBe('https://comms.example.com/remoteEntry.js');
  });

  test('rejects invalid values with the variable name', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ APP_SECRET: 'short' })).toThrow(/APP_SECRET must be at least 16 characters/);
    expect(() => loadConfig({ REMOTE_CRM_URL: 'not a url' })).toThrow(/REMOTE_CRM_URL/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });
});
