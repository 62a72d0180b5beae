import { PgDialect } from 'drizzle-orm/pg-core';
import { filtersParamSchema } from '@atrium/contracts';
import { contactFilterFields } from '@atrium/domain-crm/schemas';
import { contacts } from '../db/schema';
import { filterGroupsSql } from './filter-sql';

const dialect = new PgDialect();
const render = (filters: unknown) => {
  const groups = filtersParamSchema(contactFilterFields).parse(JSON.stringify(filters));
  const where = filterGroupsSql(groups, {
    city: contacts.city,
    lastContact: contacts.lastContact,
    status: contacts.status,
  });
  return where ? dialect.sqlToQuery(where) : undefined;
};

describe('filter groups → SQL', () => {
  test('values are bound parameters, never part of the SQL text', () => {
    const hostile = "x'); DROP TABLE contacts; --";
    const q = render([
      {
        combinator: 'OR',
        conditions: [
          { field: 'city', operator: 'contains', value: hostile },
          { field: 'status', operator: 'in', value: ['Active', 'inactive'] },
        ],
      },
      { conditions: [{ field: 'lastContact', operator: 'eq', value: '2026-01-01' }] },
    ])!;
    expect(q.sql).not.toContain('DROP');
    expect(q.sql).not.toContain('2026');
    expect(q.sql).toBe(
      '(("contacts"."city" ILIKE $1 or lower("contacts"."status") IN ($2, $3)) and ' +
        '("contacts"."last_contact" >= $4::timestamptz AND "contacts"."last_contact" < $5::timestamptz))',
    );
    expect(q.params).toEqual([
      `%${hostile}%`,
      'active',
      'inactive',
      '2026-01-01T00:00:00.000Z',
      '2026-01-02T00:00:00.000Z',
    ]);
  });

  test('LIKE wildcards in values are escaped', () => {
    expect(render([{ conditions: [{ field: 'city', operator: 'startsWith', value: '50%_\\' }] }])!.params).toEqual([
      '50\\%\\_\\\\%',
    ]);
  });

  test('no groups, no condition', () => {
    expect(render([])).toBeUndefined();
  });
});
