import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * PostgreSQL's text of a timestamptz in a UTC session (DateStyle ISO): '2026-11-26 08:11:45.123456+00', the
 * fraction optional. Both drivers hand it over as text (drizzle turns their timestamp parsers off).
 */
const UTC_TEXT = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;

/**
 * The ISO-8601 UTC form an answer shows ('2026-11-26T08:11:45.123Z', milliseconds truncated as Date does),
 * straight from the text. A Date for each value, then toISOString, cost more CPU than the rest of mapping a
 * page of contacts. Any other form (another session time zone, a Date) goes through Date, as before.
 */
export function isoFromTimestamptz(value: unknown): string {
  if (typeof value === 'string') {
    const m = UTC_TEXT.exec(value);
    if (m) return `${m[1]}T${m[2]}.${((m[3] ?? '') + '000').slice(0, 3)}Z`;
  }
  return (value instanceof Date ? value : new Date(value as string)).toISOString();
}

/**
 * A timestamptz column selected as its ISO-8601 text. Null stays null (decoders never see it): the row type
 * says which columns can be.
 */
export const isoTimestamp = (column: AnyColumn): SQL<string> => sql<string>`${column}`.mapWith(isoFromTimestamptz);
