import * as z from 'zod';
import type { FieldError } from './errors';

/**
 * Filter groups (docs/requirements.md §3 "Filter group"): a list of groups combined with AND; inside a group the
 * conditions are combined with the group's combinator (AND by default). The browser's filter builder and the
 * server's list routes share these rules: which operators exist, which suit which field type, and what value
 * each needs.
 */

export const OPERATORS = [
  'eq',
  'neq',
  'contains',
  'notContains',
  'startsWith',
  'endsWith',
  'gt',
  'gte',
  'lt',
  'lte',
  'in',
  'notIn',
  'isEmpty',
  'isNotEmpty',
] as const;
export type FilterOperator = (typeof OPERATORS)[number];

export const OPERATOR_LABELS: Record<FilterOperator, string> = {
  eq: 'equals',
  neq: 'does not equal',
  contains: 'contains',
  notContains: 'does not contain',
  startsWith: 'starts with',
  endsWith: 'ends with',
  gt: 'is after / greater than',
  gte: 'is on or after / at least',
  lt: 'is before / less than',
  lte: 'is on or before / at most',
  in: 'is any of',
  notIn: 'is none of',
  isEmpty: 'is empty',
  isNotEmpty: 'is not empty',
};

export const COMBINATORS = ['AND', 'OR'] as const;
export type FilterCombinator = (typeof COMBINATORS)[number];

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export type FieldType = 'text' | 'number' | 'date';

/** Fields whose names do not say their type (docs/requirements.md §3 names lastContact a date). */
export const FIELD_TYPE_OVERRIDES: Readonly<Record<string, FieldType>> = {
  lastContact: 'date',
  createdAt: 'date',
  contactCount: 'number',
};

/** Spec rule: a name containing 'amount' or 'price' is numeric, one containing 'date' is a date, else text. */
export function fieldType(name: string): FieldType {
  const override = FIELD_TYPE_OVERRIDES[name];
  if (override) return override;
  const lower = name.toLowerCase();
  if (lower.includes('amount') || lower.includes('price')) return 'number';
  if (lower.includes('date')) return 'date';
  return 'text';
}

/** The operators that make sense for each field type, in menu order. */
export const OPERATORS_BY_TYPE: Readonly<Record<FieldType, readonly FilterOperator[]>> = {
  text: ['eq', 'neq', 'contains', 'notContains', 'startsWith', 'endsWith', 'in', 'notIn', 'isEmpty', 'isNotEmpty'],
  number: ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in', 'notIn', 'isEmpty', 'isNotEmpty'],
  date: ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'isEmpty', 'isNotEmpty'],
};

export function operatorsFor(type: FieldType): readonly FilterOperator[] {
  return OPERATORS_BY_TYPE[type];
}

/** Operators that take no value, and those that take a list. */
export const VALUELESS_OPERATORS: readonly FilterOperator[] = ['isEmpty', 'isNotEmpty'];
export const LIST_OPERATORS: readonly FilterOperator[] = ['in', 'notIn'];

export const MAX_FILTER_GROUPS = 20;
export const MAX_FILTER_CONDITIONS = 50;
export const MAX_FILTER_LIST_VALUES = 500;

const operatorSchema = z.enum(OPERATORS, {
  error: (issue) => `Unknown filter operator '${String(issue.input)}'`,
});

export const filterConditionSchema = z.object({
  id: z.string().max(100).optional(),
  field: z
    .string({ error: 'Filter field is required' })
    .trim()
    .min(1, 'Filter field is required')
    .max(100, 'Filter field is too long'),
  operator: operatorSchema.default('eq'),
  value: z
    .unknown()
    .optional()
    .transform((v) => (v === undefined ? null : v)),
});
export type FilterCondition = z.output<typeof filterConditionSchema>;
export type FilterConditionInput = z.input<typeof filterConditionSchema>;

/** Notes name the combinator `logic`; either key is read, in any letter case. */
export const filterGroupSchema = z.preprocess(
  (raw) => {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
    const { logic, combinator, ...rest } = raw as Record<string, unknown>;
    const chosen = combinator ?? logic;
    return { ...rest, combinator: typeof chosen === 'string' ? chosen.toUpperCase() : chosen };
  },
  z.object({
    id: z.string().max(100).optional(),
    combinator: z.enum(COMBINATORS, { error: "Combinator must be 'AND' or 'OR'" }).default('AND'),
    conditions: z
      .array(filterConditionSchema, { error: 'Conditions must be a list' })
      .max(MAX_FILTER_CONDITIONS, `At most ${MAX_FILTER_CONDITIONS} conditions per group`),
  }),
);
export type FilterGroup = z.output<typeof filterGroupSchema>;
export interface FilterGroupInput {
  id?: string;
  combinator?: FilterCombinator;
  logic?: FilterCombinator | 'and' | 'or';
  conditions: FilterConditionInput[];
}

export const filterGroupsSchema = z
  .array(filterGroupSchema, { error: 'Filters must be a list of filter groups' })
  .max(MAX_FILTER_GROUPS, `At most ${MAX_FILTER_GROUPS} filter groups`);

let conditionCounter = 0;
function newId(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (c?.randomUUID) return c.randomUUID();
  conditionCounter += 1;
  return `cond-${Date.now().toString(36)}-${conditionCounter}`;
}

/** A condition built from a field: an id, the field, operator equals and value null (docs/requirements.md §3). */
export function newFilterCondition(field: string, id: string = newId()): FilterCondition {
  return { id, field, operator: 'eq', value: null };
}

export function newFilterGroup(conditions: FilterCondition[] = [], id: string = newId()): FilterGroup {
  return { id, combinator: 'AND', conditions };
}

/** True when the condition can be sent: a valueless operator, or a non-blank value (non-empty list). */
export function isConditionComplete(c: { operator?: FilterOperator; value?: unknown }): boolean {
  const operator = c.operator ?? 'eq';
  if (VALUELESS_OPERATORS.includes(operator)) return true;
  const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
  if (Array.isArray(c.value)) return c.value.length > 0 && !c.value.some(blank);
  return !blank(c.value);
}

// ---------------------------------------------------------------------------------------------------------
// Typed checking against a list of fields.

/** A field a list can be filtered on; `values` makes a text field an enumeration (e.g. contact status). */
export interface FilterFieldSpec {
  type: FieldType;
  values?: readonly string[];
}
export type FilterFields = Readonly<Record<string, FilterFieldSpec>>;

/** Field specs from names (type by the spec rule), with enumerated values for some. */
export function filterFields(
  names: readonly string[],
  enums: Readonly<Record<string, readonly string[]>> = {},
): FilterFields {
  return Object.fromEntries(
    names.map((name) => [name, { type: fieldType(name), ...(enums[name] ? { values: enums[name] } : {}) }]),
  );
}

/** A date value as a half-open range [start, end): a whole UTC day for 'YYYY-MM-DD', one instant otherwise. */
export interface DateRange {
  start: string;
  end: string;
}
export type CheckedValue = string | number | DateRange;
export interface CheckedCondition {
  field: string;
  type: FieldType;
  operator: FilterOperator;
  /** null for valueless operators, a list for in/notIn, one value otherwise. */
  value: CheckedValue | CheckedValue[] | null;
}
export interface CheckedGroup {
  combinator: FilterCombinator;
  conditions: CheckedCondition[];
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/i;
const DAY_MS = 86_400_000;

function utcDay(year: number, month: number, day: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(0, 0, 0, 0);
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day ? d.getTime() : NaN;
}

/** The instants PostgreSQL and four-digit ISO text both hold: years 1 to 9999. */
const MIN_MS = utcDay(1, 1, 1);
const MAX_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

const iso = (ms: number) => new Date(Math.min(ms, MAX_MS)).toISOString();

/**
 * 'YYYY-MM-DD' → that UTC day; a full ISO date-time with offset → that instant; anything else (or a year
 * outside 1–9999) → null.
 */
export function parseDateRange(raw: unknown): DateRange | null {
  if (typeof raw !== 'string') return null;
  const text = raw.trim();
  const day = DAY.exec(text);
  if (day) {
    const start = utcDay(Number(day[1]), Number(day[2]), Number(day[3]));
    if (Number.isNaN(start) || start < MIN_MS) return null;
    return { start: iso(start), end: iso(start + DAY_MS) };
  }
  if (INSTANT.test(text)) {
    const at = Date.parse(text);
    if (Number.isNaN(at) || at < MIN_MS || at > MAX_MS) return null;
    return { start: iso(at), end: iso(at + 1) };
  }
  return null;
}

const NUMERIC = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

function checkScalar(spec: FilterFieldSpec, raw: unknown, enumerated: boolean): CheckedValue | string {
  // Returns the value, or an error message prefixed with '!'.
  if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) {
    return '!Filter value is required';
  }
  switch (spec.type) {
    case 'number': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && NUMERIC.test(raw.trim()) ? Number(raw) : NaN;
      return Number.isFinite(n) ? n : '!Filter value must be a number';
    }
    case 'date':
      return parseDateRange(raw) ?? '!Filter value must be a date (YYYY-MM-DD or an ISO date-time)';
    case 'text': {
      if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') {
        return '!Filter value must be text';
      }
      const text = String(raw).trim();
      if (text.length > 500) return '!Filter value must be at most 500 characters';
      if (text.includes('\u0000')) return '!Filter value must not contain NUL characters';
      if (enumerated && spec.values) {
        const match = spec.values.find((v) => v.toLowerCase() === text.toLowerCase());
        return match ?? `!Filter value must be one of: ${spec.values.join(', ')}`;
      }
      return text;
    }
  }
}

/**
 * Checks parsed groups against the fields a list allows. Errors carry paths relative to the groups list
 * (`0.conditions.1.value`). Groups without conditions are dropped.
 */
export function checkFilterGroups(
  groups: readonly FilterGroup[],
  fields: FilterFields,
): { groups: CheckedGroup[]; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const checked: CheckedGroup[] = [];
  groups.forEach((group, g) => {
    const conditions: CheckedCondition[] = [];
    group.conditions.forEach((condition, c) => {
      const at = `${g}.conditions.${c}`;
      const spec = Object.prototype.hasOwnProperty.call(fields, condition.field) ? fields[condition.field] : undefined;
      if (!spec) {
        errors.push({ field: `${at}.field`, message: `Unknown filter field '${condition.field}'` });
        return;
      }
      const { operator } = condition;
      if (!OPERATORS_BY_TYPE[spec.type].includes(operator)) {
        errors.push({
          field: `${at}.operator`,
          message: `Operator '${operator}' cannot be used on the ${spec.type} field '${condition.field}'`,
        });
        return;
      }
      const enumerated = ['eq', 'neq', 'in', 'notIn'].includes(operator);
      if (VALUELESS_OPERATORS.includes(operator)) {
        conditions.push({ field: condition.field, type: spec.type, operator, value: null });
        return;
      }
      if (LIST_OPERATORS.includes(operator)) {
        const list = Array.isArray(condition.value) ? condition.value : [condition.value];
        if (list.length === 0) {
          errors.push({ field: `${at}.value`, message: 'Filter value is required' });
          return;
        }
        if (list.length > MAX_FILTER_LIST_VALUES) {
          errors.push({ field: `${at}.value`, message: `At most ${MAX_FILTER_LIST_VALUES} values` });
          return;
        }
        const values: CheckedValue[] = [];
        for (const [i, item] of list.entries()) {
          const v = checkScalar(spec, item, enumerated);
          if (typeof v === 'string' && v.startsWith('!')) {
            errors.push({
              field: Array.isArray(condition.value) ? `${at}.value.${i}` : `${at}.value`,
              message: v.slice(1),
            });
            return;
          }
          values.push(v);
        }
        conditions.push({ field: condition.field, type: spec.type, operator, value: values });
        return;
      }
      const v = checkScalar(spec, condition.value, enumerated);
      if (typeof v === 'string' && v.startsWith('!')) {
        errors.push({ field: `${at}.value`, message: v.slice(1) });
        return;
      }
      conditions.push({ field: condition.field, type: spec.type, operator, value: v });
    });
    if (conditions.length > 0) checked.push({ combinator: group.combinator, conditions });
  });
  return { groups: errors.length > 0 ? [] : checked, errors };
}

/**
 * The `filters` query parameter: JSON text (or an already-parsed list) of filter groups, checked against
 * `fields`. Output: the checked groups, ready for a query builder.
 */
export function filtersParamSchema(fields: FilterFields) {
  return z
    .union([z.string().max(20_000, 'Filters are too long'), z.array(z.unknown())], {
      error: 'Filters must be JSON text of a list of filter groups',
    })
    .transform((raw, ctx): CheckedGroup[] => {
      let parsed: unknown = raw;
      if (typeof raw === 'string') {
        if (raw.trim() === '') return [];
        try {
          parsed = JSON.parse(raw);
        } catch {
          ctx.addIssue({ code: 'custom', message: 'Filters must be valid JSON' });
          return z.NEVER;
        }
      }
      const shaped = filterGroupsSchema.safeParse(parsed);
      if (!shaped.success) {
        for (const issue of shaped.error.issues) {
          ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
        }
        return z.NEVER;
      }
      const { groups, errors } = checkFilterGroups(shaped.data, fields);
      for (const e of errors) {
        ctx.addIssue({
          code: 'custom',
          message: e.message,
          path: e.field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
        });
      }
      return errors.length > 0 ? z.NEVER : groups;
    });
}

// ---------------------------------------------------------------------------------------------------------
// Query-string helpers shared by list routes.

/** 'true' / 'false' (or a boolean) → boolean; anything else is an error. */
export const booleanParamSchema = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: "Must be 'true' or 'false'" })
  .transform((v) => v === true || v === 'true' || v === '1');

/** A comma-separated list (or repeated parameter) of ids → unique non-blank ids. */
export const idListParamSchema = z
  .union([z.string().max(20_000), z.array(z.string().max(200))], { error: 'Must be a comma-separated list of ids' })
  .transform((v) => [
    ...new Set(
      (Array.isArray(v) ? v.flatMap((p) => p.split(',')) : v.split(','))
        .map((p) => p.trim())
        .filter((p) => p.length > 0),
    ),
  ])
  .refine((ids) => ids.length <= 200, 'At most 200 ids')
  .refine((ids) => ids.every((id) => id.length <= 100), 'Ids are at most 100 characters');

/** A date bound: 'YYYY-MM-DD' (a whole UTC day, so From/To are inclusive) or an ISO date-time. */
export const dateParamSchema = z.string().transform((v, ctx) => {
  const range = parseDateRange(v);
  if (!range) {
    ctx.addIssue({ code: 'custom', message: 'Enter a valid date (YYYY-MM-DD)' });
    return z.NEVER;
  }
  return range;
});

export const sortOrderSchema = z.enum(SORT_ORDERS, { error: "Sort order must be 'asc' or 'desc'" });
