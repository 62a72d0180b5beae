import { appendFileSync } from 'node:fs';
import type { Logger } from 'drizzle-orm';

/** More distinct statements than a running server has shapes of; past it the log stops growing. */
const MAX_STATEMENTS = 10_000;

/**
 * A drizzle logger that appends each distinct SQL text the server runs to `file`, once, as a JSON line
 * `{"sql": …}` (parameters are not written: they hold users' data). For diagnostics: `pnpm bench:api` reads it to
 * check that the SQL it times on its own is the server's, text for text.
 */
export function statementLog(file: string, maxStatements = MAX_STATEMENTS): Logger {
  const seen = new Set<string>();
  return {
    logQuery(query) {
      if (seen.has(query) || seen.size >= maxStatements) return;
      seen.add(query);
      appendFileSync(file, `${JSON.stringify({ sql: query })}\n`);
    },
  };
}
