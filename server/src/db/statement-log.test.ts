import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from './client';
import { statementLog } from './statement-log';

const lines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { sql: string });

describe('statementLog (SQL_STATEMENT_LOG)', () => {
  let dir: string;
  let handle: DatabaseHandle | undefined;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-statements-'));
  });
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it('gets each distinct statement the database runs once, as sent, without its parameters', async () => {
    const file = path.join(dir, 'statements.jsonl');
    handle = await openDatabase({ dataDir: path.join(dir, 'db'), sqlStatementLog: file });
    for (const value of ['first-secret', 'second-secret']) await handle.db.execute(sql`SELECT ${value}::text AS v`);
    await handle.db.execute(sql`SELECT 2 AS two`);
    expect(lines(file)).toEqual([{ sql: 'SELECT $1::text AS v' }, { sql: 'SELECT 2 AS two' }]);
    expect(readFileSync(file, 'utf8')).not.toContain('secret');
  });

  it('stops growing at its cap', () => {
    const file = path.join(dir, 'capped.jsonl');
    const log = statementLog(file, 2);
    for (const q of ['SELECT 1', 'SELECT 2', 'SELECT 1', 'SELECT 3']) log.logQuery(q, []);
    expect(lines(file).map((l) => l.sql)).toEqual(['SELECT 1', 'SELECT 2']);
  });
});
