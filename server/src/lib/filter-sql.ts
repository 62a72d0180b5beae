import { and, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { CheckedCondition, CheckedGroup, CheckedValue, DateRange } from '@atrium/contracts';

/**
 * Filter groups (already checked against the list's fields by the contracts) → SQL. Columns come only from
 * the caller's whitelist; every value is a bound parameter.
 */

/** How one filter field maps to SQL: a column/expression, or a function building the whole condition. */
export type FilterColumn = SQLWrapper | ((condition: CheckedCondition) => SQL);
export type FilterColumns = Readonly<Record<string, FilterColumn>>;

/** Escapes LIKE wildcards (backslash is PostgreSQL's default LIKE escape). */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const isRange = (v: CheckedValue): v is DateRange => typeof v === 'object' && v !== null;
const ts = (iso: string) => sql`${iso}::timestamptz`;
const lowerText = (v: CheckedValue) => String(v).toLowerCase();

function textCondition(col: SQLWrapper, c: CheckedCondition): SQL {
  const v = c.value;
  const lowered = sql`lower(${col})`;
  switch (c.operator) {
    case 'eq':
      return sql`${lowered} = ${lowerText(v as CheckedValue)}`;
    case 'neq':
      return sql`(${col} IS NULL OR ${lowered} <> ${lowerText(v as CheckedValue)})`;
    case 'contains':
      return sql`${col} ILIKE ${`%${escapeLike(String(v))}%`}`;
    case 'notContains':
      return sql`(${col} IS NULL OR ${col} NOT ILIKE ${`%${escapeLike(String(v))}%`})`;
    case 'startsWith':
      return sql`${col} ILIKE ${`${escapeLike(String(v))}%`}`;
    case 'endsWith':
      return sql`${col} ILIKE ${`%${escapeLike(String(v))}`}`;
    case 'in':
      return sql`${lowered} IN (${sql.join(
        (v as CheckedValue[]).map((x) => sql`${lowerText(x)}`),
        sql`, `,
      )})`;
    case 'notIn':
      return sql`(${col} IS NULL OR ${lowered} NOT IN (${sql.join(
        (v as CheckedValue[]).map((x) => sql`${lowerText(x)}`),
        sql`, `,
      )}))`;
    case 'isEmpty':
      return sql`(${col} IS NULL OR ${col} = '')`;
    case 'isNotEmpty':
      return sql`(${col} IS NOT NULL AND ${col} <> '')`;
    default:
      throw new Error(`operator ${c.operator} on text`);
  }
}

function numberCondition(col: SQLWrapper, c: CheckedCondition): SQL {
  const n = (x: unknown) => sql`${x as number}::numeric`;
  switch (c.operator) {
    case 'eq':
      return sql`${col} = ${n(c.value)}`;
    case 'neq':
      return sql`(${col} IS NULL OR ${col} <> ${n(c.value)})`;
    case 'gt':
      return sql`${col} > ${n(c.value)}`;
    case 'gte':
      return sql`${col} >= ${n(c.value)}`;
    case 'lt':
      return sql`${col} < ${n(c.value)}`;
    case 'lte':
      return sql`${col} <= ${n(c.value)}`;
    case 'in':
      return sql`${col} IN (${sql.join(
        (c.value as number[]).map((x) => n(x)),
        sql`, `,
      )})`;
    case 'notIn':
      return sql`(${col} IS NULL OR ${col} NOT IN (${sql.join(
        (c.value as number[]).map((x) => n(x)),
        sql`, `,
      )}))`;
    case 'isEmpty':
      return sql`${col} IS NULL`;
    case 'isNotEmpty':
      return sql`${col} IS NOT NULL`;
    default:
      throw new Error(`operator ${c.operator} on number`);
  }
}

/** Dates compare by range: a 'YYYY-MM-DD' value is its whole UTC day, so eq means "on that day". */
function dateCondition(col: SQLWrapper, c: CheckedCondition): SQL {
  if (c.operator === 'isEmpty') return sql`${col} IS NULL`;
  if (c.operator === 'isNotEmpty') return sql`${col} IS NOT NULL`;
  const value = c.value as CheckedValue;
  if (!isRange(value)) throw new Error('date value without a range');
  const { start, end } = value;
  switch (c.operator) {
    case 'eq':
      return sql`(${col} >= ${ts(start)} AND ${col} < ${ts(end)})`;
    case 'neq':
      return sql`(${col} IS NULL OR ${col} < ${ts(start)} OR ${col} >= ${ts(end)})`;
    case 'gt':
      return sql`${col} >= ${ts(end)}`;
    case 'gte':
      return sql`${col} >= ${ts(start)}`;
    case 'lt':
      return sql`${col} < ${ts(start)}`;
    case 'lte':
      return sql`${col} < ${ts(end)}`;
    default:
      throw new Error(`operator ${c.operator} on date`);
  }
}

export function conditionSql(column: FilterColumn, c: CheckedCondition): SQL {
  if (typeof column === 'function') return column(c);
  if (c.type === 'number') return numberCondition(column, c);
  if (c.type === 'date') return dateCondition(column, c);
  return textCondition(column, c);
}

/** Groups AND-ed together; inside a group, its combinator. Undefined when there is nothing to filter. */
export function filterGroupsSql(groups: readonly CheckedGroup[] | undefined, columns: FilterColumns): SQL | undefined {
  if (!groups || groups.length === 0) return undefined;
  const parts = groups.map((group) => {
    const conditions = group.conditions.map((c) => {
      const column = columns[c.field];
      // The contracts checked the field against the same list; a miss here is a programming error.
      if (!column) throw new Error(`no column for filter field ${c.field}`);
      return conditionSql(column, c);
    });
    return group.combinator === 'OR' ? or(...conditions)! : and(...conditions)!;
  });
  return and(...parts);
}

/** `from`/`to` bounds of a date column: from the start of the first day to the end of the last (inclusive). */
export function dateBoundsSql(col: SQLWrapper, from?: DateRange, to?: DateRange): SQL[] {
  const out: SQL[] = [];
  if (from) out.push(sql`${col} >= ${ts(from.start)}`);
  if (to) out.push(sql`${col} < ${ts(to.end)}`);
  return out;
}
