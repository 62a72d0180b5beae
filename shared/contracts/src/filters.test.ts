import {
  checkFilterGroups,
  fieldType,
  filterFields,
  filterGroupsSchema,
  filtersParamSchema,
  idListParamSchema,
  booleanParamSchema,
  dateParamSchema,
  isConditionComplete,
  newFilterCondition,
  newFilterGroup,
  operatorsFor,
  OPERATORS,
  parseDateRange,
} from './filters';
import { toFieldErrors } from './errors';

const fields = filterFields(['name', 'totalAmount', 'unitPrice', 'dueDate', 'lastContact', 'status'], {
  status: ['Active', 'Inactive'],
});

describe('field types (docs/requirements.md §3)', () => {
  it.each([
    ['totalAmount', 'number'],
    ['unitPrice', 'number'],
    ['PRICE', 'number'],
    ['dueDate', 'date'],
    ['dateCreated', 'date'],
    ['foundDate', 'date'],
    ['updatedAt', 'date'],
    ['lastContact', 'date'],
    ['createdAt', 'date'],
    ['contactCount', 'number'],
    ['firstName', 'text'],
    ['status', 'text'],
  ])('%s is %s', (name, type) => {
    expect(fieldType(name)).toBe(type);
  });

  it('offers the operators that suit a type', () => {
    expect(operatorsFor('text')).toContain('contains');
    expect(operatorsFor('number')).not.toContain('contains');
    expect(operatorsFor('date')).toEqual(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'isEmpty', 'isNotEmpty']);
    for (const t of ['text', 'number', 'date'] as const) {
      expect(operatorsFor(t).every((o) => OPERATORS.includes(o))).toBe(true);
    }
  });
});

describe('conditions and groups', () => {
  it('a condition built from a field has an id, the field, eq and null', () => {
    const c = newFilterCondition('email');
    expect(c).toEqual({ id: expect.any(String), field: 'email', operator: 'eq', value: null });
    expect(newFilterCondition('email', 'x1')).toEqual({ id: 'x1', field: 'email', operator: 'eq', value: null });
    expect(newFilterGroup([c])).toEqual({ id: expect.any(String), combinator: 'AND', conditions: [c] });
  });

  it('defaults combinator AND and operator eq; accepts `logic` in any case', () => {
    const groups = filterGroupsSchema.parse([
      { conditions: [{ field: 'name', value: 'x' }] },
      { logic: 'or', conditions: [] },
    ]);
    expect(groups).toEqual([
      { combinator: 'AND', conditions: [{ field: 'name', operator: 'eq', value: 'x' }] },
      { combinator: 'OR', conditions: [] },
    ]);
  });

  it('rejects unknown operators and combinators by path', () => {
    const r = filterGroupsSchema.safeParse([{ combinator: 'XOR', conditions: [{ field: 'name', operator: 'like' }] }]);
    expect(toFieldErrors(r.error!)).toEqual([
      { field: '0.combinator', message: "Combinator must be 'AND' or 'OR'" },
      { field: '0.conditions.0.operator', message: "Unknown filter operator 'like'" },
    ]);
  });

  it('knows when a condition is complete', () => {
    expect(isConditionComplete({ operator: 'eq', value: null })).toBe(false);
    expect(isConditionComplete({ operator: 'eq', value: '  ' })).toBe(false);
    expect(isConditionComplete({ operator: 'isEmpty', value: null })).toBe(true);
    expect(isConditionComplete({ operator: 'in', value: [] })).toBe(false);
    expect(isConditionComplete({ value: 0 })).toBe(true);
  });
});

describe('checkFilterGroups', () => {
  const check = (conditions: unknown[]) => checkFilterGroups(filterGroupsSchema.parse([{ conditions }]), fields);

  it('types values: numbers from text, dates as ranges, enumerations canonical', () => {
    const { groups, errors } = check([
      { field: 'totalAmount', operator: 'gt', value: '10.5' },
      { field: 'unitPrice', operator: 'in', value: [1, '2'] },
      { field: 'dueDate', operator: 'eq', value: '2026-03-01' },
      { field: 'lastContact', operator: 'lt', value: '2026-03-01T12:00:00Z' },
      { field: 'status', operator: 'eq', value: 'inactive' },
      { field: 'status', operator: 'contains', value: 'act' },
      { field: 'name', operator: 'isEmpty' },
      { field: 'name', operator: 'in', value: 'solo' },
    ]);
    expect(errors).toEqual([]);
    expect(groups[0]!.conditions.map((c) => c.value)).toEqual([
      10.5,
      [1, 2],
      { start: '2026-03-01T00:00:00.000Z', end: '2026-03-02T00:00:00.000Z' },
      { start: '2026-03-01T12:00:00.000Z', end: '2026-03-01T12:00:00.001Z' },
      'Inactive',
      'act',
      null,
      ['solo'],
    ]);
  });

  it('reports unknown fields, unsuited operators and wrong values by path', () => {
    const { groups, errors } = check([
      { field: 'password', value: 'x' },
      { field: 'dueDate', operator: 'contains', value: '2026' },
      { field: 'totalAmount', operator: 'eq', value: 'ten' },
      { field: 'dueDate', operator: 'gte', value: 'yesterday' },
      { field: 'dueDate', operator: 'eq', value: '2026-02-30' },
      { field: 'name', operator: 'eq', value: null },
      { field: 'name', operator: 'eq', value: { $ne: 1 } },
      { field: 'status', operator: 'eq', value: 'Gone' },
      { field: 'unitPrice', operator: 'in', value: [1, 'x'] },
      { field: 'name', operator: 'notIn', value: [] },
      { field: 'constructor', value: 'x' },
      { field: 'name', value: 'a\u0000b' },
    ]);
    expect(groups).toEqual([]);
    expect(errors).toEqual([
      { field: '0.conditions.0.field', message: "Unknown filter field 'password'" },
      { field: '0.conditions.1.operator', message: "Operator 'contains' cannot be used on the date field 'dueDate'" },
      { field: '0.conditions.2.value', message: 'Filter value must be a number' },
      { field: '0.conditions.3.value', message: 'Filter value must be a date (YYYY-MM-DD or an ISO date-time)' },
      { field: '0.conditions.4.value', message: 'Filter value must be a date (YYYY-MM-DD or an ISO date-time)' },
      { field: '0.conditions.5.value', message: 'Filter value is required' },
      { field: '0.conditions.6.value', message: 'Filter value must be text' },
      { field: '0.conditions.7.value', message: 'Filter value must be one of: Active, Inactive' },
      { field: '0.conditions.8.value.1', message: 'Filter value must be a number' },
      { field: '0.conditions.9.value', message: 'Filter value is required' },
      { field: '0.conditions.10.field', message: "Unknown filter field 'constructor'" },
      { field: '0.conditions.11.value', message: 'Filter value must not contain NUL characters' },
    ]);
  });

  it('drops empty groups', () => {
    expect(checkFilterGroups([{ combinator: 'OR', conditions: [] }], fields)).toEqual({ groups: [], errors: [] });
  });
});

describe('filtersParamSchema', () => {
  const schema = filtersParamSchema(fields);

  it('parses JSON text and arrays; blank means none', () => {
    expect(schema.parse('')).toEqual([]);
    expect(schema.parse(JSON.stringify([{ conditions: [{ field: 'name', value: 'a' }] }]))).toEqual([
      { combinator: 'AND', conditions: [{ field: 'name', type: 'text', operator: 'eq', value: 'a' }] },
    ]);
    expect(schema.parse([{ logic: 'OR', conditions: [{ field: 'name', operator: 'isNotEmpty' }] }])).toEqual([
      { combinator: 'OR', conditions: [{ field: 'name', type: 'text', operator: 'isNotEmpty', value: null }] },
    ]);
  });

  it('reports malformed JSON, wrong shapes and field errors with paths', () => {
    expect(toFieldErrors(schema.safeParse('[{').error!)).toEqual([
      { field: '_', message: 'Filters must be valid JSON' },
    ]);
    expect(toFieldErrors(schema.safeParse('{"a":1}').error!)).toEqual([
      { field: '_', message: 'Filters must be a list of filter groups' },
    ]);
    expect(toFieldErrors(schema.safeParse('[{"conditions":[{"field":"nope","value":1}]}]').error!)).toEqual([
      { field: '0.conditions.0.field', message: "Unknown filter field 'nope'" },
    ]);
  });
});

describe('query helpers', () => {
  it('booleans are strictly true/false', () => {
    expect(booleanParamSchema.parse('true')).toBe(true);
    expect(booleanParamSchema.parse('false')).toBe(false);
    expect(booleanParamSchema.safeParse('yes').success).toBe(false);
  });

  it('id lists split commas and repeated parameters, dedupe and drop blanks', () => {
    expect(idListParamSchema.parse('a, b,,a')).toEqual(['a', 'b']);
    expect(idListParamSchema.parse(['a,b', 'c'])).toEqual(['a', 'b', 'c']);
    expect(idListParamSchema.safeParse(Array.from({ length: 201 }, (_, i) => `id${i}`).join(',')).success).toBe(false);
  });

  it('date bounds are whole UTC days or instants', () => {
    expect(dateParamSchema.parse('2024-02-29')).toEqual({
      start: '2024-02-29T00:00:00.000Z',
      end: '2024-03-01T00:00:00.000Z',
    });
    expect(parseDateRange('2026-01-01T10:00:00+02:00')).toEqual({
      start: '2026-01-01T08:00:00.000Z',
      end: '2026-01-01T08:00:00.001Z',
    });
    expect(parseDateRange('01/02/2026')).toBeNull();
    expect(parseDateRange('0001-01-01')).toEqual({
      start: '0001-01-01T00:00:00.000Z',
      end: '0001-01-02T00:00:00.000Z',
    });
    expect(parseDateRange('0000-12-31')).toBeNull();
    expect(parseDateRange('9999-12-31')).toEqual({
      start: '9999-12-31T00:00:00.000Z',
      end: '9999-12-31T23:59:59.999Z',
    });
    expect(parseDateRange('2023-02-29')).toBeNull();
    expect(dateParamSchema.safeParse('soon').error!.issues[0]!.message).toBe('Enter a valid date (YYYY-MM-DD)');
  });
});
