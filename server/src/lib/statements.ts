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
 * pattern instead of falling back to a generic plan.
 */
export class StatementCache<V extends Record<string, unknown>> {
  private readonly kept = new Map<string, Statement<V>>();

  /** `key` names the shape; `null` builds a statement for this call only (filters written in as literals). */
  get(key: string | null, build: () => Preparable<V>): Statement<V> {
    const kept = key === null ? undefined : this.kept.get(key);
    if (kept) return kept;
    const built = build().prepare('');
    if (key !== null) this.kept.set(key, built);
    return built;
  }
}
