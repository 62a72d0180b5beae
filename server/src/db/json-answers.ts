import { Readable } from 'node:stream';
import { sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';

/**
 * Answers built by PostgreSQL as JSON text: the hot list pages (a page of contacts, of notes) are selected as one
 * `json_agg` of `json_build_object`s and the server only wraps the text in its envelope. Parsing 20 rows of 33
 * columns in the driver and serialising them again cost the server more CPU than PostgreSQL spent on the page;
 * built in SQL, the text passes through.
 *
 * The objects are written from a map `answer key → SQL` typed against the contract (`satisfies Record<keyof
 * Contact, SQLWrapper>`), so a field added to the contract does not compile until its SQL is written; the API
 * tests hold every answer against the contracts' zod schemas.
 */

/** JSON text that goes into an answer as is. */
export type JsonText = string & { readonly __jsonText: true };

export const jsonText = (text: string) => text as JsonText;

/**
 * A timestamptz as the ISO-8601 UTC text answers show ('2026-11-26T08:11:45.123Z', milliseconds truncated as
 * Date does), in any session time zone.
 */
export const isoJson = (column: AnyColumn | SQL): SQL<string | null> =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** `json_build_object('key', value, …)` in the map's key order. Keys are the code's own names. */
export function jsonObject(fields: Record<string, SQLWrapper>): SQL<unknown> {
  const pairs = Object.entries(fields).map(([key, value]) => {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) throw new Error(`jsonObject: unexpected key ${key}`);
    return sql`${sql.raw(`'${key}'`)}, ${value}`;
  });
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/** One object as JSON text (a row per object: a single answer, an export). */
export const jsonRow = (object: SQL): SQL<string> => sql<string>`${object}::text`;

/** `json_agg(object ORDER BY …)` as text, '[]' for no rows. */
export const jsonArray = (object: SQL, orderBy: SQL[]): SQL<string> =>
  sql<string>`coalesce(json_agg(${object} ORDER BY ${sql.join(orderBy, sql`, `)}), '[]')::text`;

/** `{"success":true,"data":[…],<key>:{…}}` around a JSON array PostgreSQL built. */
export const listAnswer = (data: JsonText, key: 'pagination' | 'meta', page: object): JsonText =>
  jsonText(`{"success":true,"data":${data},${JSON.stringify(key)}:${JSON.stringify(page)}}`);

/** Sends JSON text as the answer, as is (Fastify does not serialise a string payload). */
export const sendJson = (reply: FastifyReply, text: JsonText) =>
  reply.type('application/json; charset=utf-8').send(text);

/**
 * Sends JSON text made in pieces (an export of every contact) as a stream: neither the server's memory nor V8's
 * longest string bounds the answer, and a slow reader holds the producer back. The first piece is made before the
 * answer starts, so a failure there is an ordinary error answer; a later failure can only cut the answer short.
 */
export async function sendJsonPieces(reply: FastifyReply, pieces: AsyncIterable<string>) {
  const iterator = pieces[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* all() {
    try {
      if (first.done) return;
      yield first.value;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value;
      }
    } finally {
      await iterator.return?.();
    }
  }
  return reply.type('application/json; charset=utf-8').send(Readable.from(all(), { objectMode: false }));
}
