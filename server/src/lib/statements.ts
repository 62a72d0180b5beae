import { Column, getTableName, is, noopDecoder, SQL, Subquery } from 'drizzle-orm';

/** A drizzle query turned into an executable statement: SQL text, placeholder positions and row mapping. */
export interface Statement<V extends Record<string, unknown>> {
  execute(values: V): Promise<unknown[]>;
}

interface Preparable<V extends Record<string, unknown>> {
  prepare(name: string): Statement<V>;
}

/**
 * Statements of a repository's hot queries, built once per shape and then only executed. Building a query with
 * drizzle (walking its SQL tree) cost more CPU than PostgreSQL spent running a list page, on every request.
 * Values go in as `sql.placeholder`s, so one shape serves every caller.
 *
 * Each is executed as an unnamed statement (node-postgres sends an empty name as the unnamed statement: parsed
 * and planned per execution, as unprepared queries are), so PostgreSQL still plans every search with its own
 * pattern instead of falling back to a generic plan. Its rows are mapped by a function compiled for its
 * selection (compileRowMapper).
 */
export class StatementCache<V extends Record<string, unknown>> {
  private readonly kept = new Map<string, Statement<V>>();

  /** `key` names the shape; `null` builds a statement for this call only (filters written in as literals). */
  get(key: string | null, build: () => Preparable<V>): Statement<V> {
    const kept = key === null ? undefined : this.kept.get(key);
    if (kept) return kept;
    const built = build().prepare('');
    if (key !== null) this.kept.set(key, withCompiledMapper(built));
    return built;
  }
}

/** What a drizzle prepared select holds for mapping its rows (drizzle-orm 0.45: pg-core/session, utils). */
interface SelectedField {
  path: string[];
  field: unknown;
}
interface PreparedInternals {
  fields?: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown[];
}
interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/**
 * A kept statement maps its rows with a function compiled for its selection. drizzle's own mapResultRow walks
 * every selected field of every row through `is()` checks and a reduce: that was the largest share of the
 * server's CPU on a page of contacts. Only kept statements get one (compiling pays off over many executions).
 */
function withCompiledMapper<S>(statement: S): S {
  const internals = statement as PreparedInternals;
  if (!internals.fields || internals.customResultMapper) return statement;
  const mapRow = compileRowMapper(internals.fields, internals.joinsNotNullableMap);
  if (mapRow) internals.customResultMapper = (rows) => rows.map(mapRow);
  return statement;
}

const passThrough = new Set([Column.prototype.mapFromDriverValue, noopDecoder.mapFromDriverValue]);

/** SQL's decoder is internal in drizzle's typings (what mapWith sets; a pass-through otherwise). */
const sqlDecoder = (value: SQL): Decoder => (value as unknown as { decoder: Decoder }).decoder;

function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return sqlDecoder(field);
  if (is(field, Subquery)) return sqlDecoder(field._.sql as SQL);
  return sqlDecoder((field as SQL.Aliased).sql);
}

/**
 * The same mapping as drizzle's mapResultRow (drizzle-orm/utils.js) for selections one or two levels deep: each
 * value through its column's or SQL's decoder, null stays null, and a nested object of a left-joined table that
 * came back empty (its first column null) is null itself. Deeper selections return null: drizzle maps those.
 */
export function compileRowMapper(
  fields: SelectedField[],
  joinsNotNullableMap?: Record<string, boolean>,
): ((row: unknown[]) => unknown) | null {
  if (fields.some((f) => f.path.length < 1 || f.path.length > 2)) return null;
  const decoders = fields.map((f) => {
    const decoder = decoderOf(f.field);
    const decode = decoder.mapFromDriverValue;
    // Pass-through decoders are skipped: the value is used as the driver gave it.
    if (passThrough.has(decode)) return null;
    return (value: unknown) => decode.call(decoder, value);
  });
  const value = (i: number) => (decoders[i] ? `(r[${i}] === null ? null : d[${i}](r[${i}]))` : `r[${i}]`);

  // Top-level keys in selection order; a nested object's entries, and when it becomes null.
  const top = new Map<string, { index: number } | { entries: [string, number][]; nullIf?: number }>();
  fields.forEach((f, i) => {
    const [key, inner] = f.path as [string, string | undefined];
    if (inner === undefined) {
      top.set(key, { index: i });
      return;
    }
    const nested = top.get(key) ?? { entries: [] };
    if ('index' in nested) throw new Error(`selection key ${key} is both a value and an object`);
    nested.entries.push([inner, i]);
    top.set(key, nested);
  });
  if (joinsNotNullableMap) {
    for (const nested of top.values()) {
      if ('index' in nested) continue;
      // drizzle: the object's first column decides, unless its columns come from more than one table.
      const columns = nested.entries.filter(([, i]) => is(fields[i]!.field, Column));
      const tables = new Set(columns.map(([, i]) => getTableName((fields[i]!.field as Column).table)));
      const [first] = columns;
      if (first && tables.size === 1 && !joinsNotNullableMap[[...tables][0]!]) nested.nullIf = first[1];
    }
  }
  const parts = [...top].map(([key, spec]) => {
    if ('index' in spec) return `${JSON.stringify(key)}: ${value(spec.index)}`;
    const object = `{ ${spec.entries.map(([k, i]) => `${JSON.stringify(k)}: ${value(i)}`).join(', ')} }`;
    return `${JSON.stringify(key)}: ${spec.nullIf === undefined ? object : `r[${spec.nullIf}] === null ? null : ${object}`}`;
  });
  // One object literal per row: every row gets the same shape (fast property access downstream).
  const make = new Function('d', `return (r) => ({ ${parts.join(', ')} });`) as (
    d: (((v: unknown) => unknown) | null)[],
  ) => (row: unknown[]) => unknown;
  return make(decoders);
}
