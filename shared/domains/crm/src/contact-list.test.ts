import { toFieldErrors } from '@atrium/contracts';
import { contactListParamsSchema, contactListSearchParams } from './contact-list';

describe('GET /contacts parameters', () => {
  it('defaults: page 1, limit 20, dateCreated, no export', () => {
    expect(contactListParamsSchema.parse({})).toEqual({ page: 1, limit: 20, sortBy: 'dateCreated', export: false });
  });

  it('parses lists, booleans, date bounds and filters', () => {
    const p = contactListParamsSchema.parse({
      groupIds: 'g1,g2',
      tags: 't1',
      hasGroups: 'false',
      dateCreatedFrom: '2026-01-01',
      lastContactTo: '2026-01-31',
      sortBy: 'lastName',
      sortOrder: 'asc',
      export: 'true',
      filters: JSON.stringify([{ conditions: [{ field: 'city', operator: 'contains', value: 'lon' }] }]),
    });
    expect(p).toMatchObject({
      groupIds: ['g1', 'g2'],
      tags: ['t1'],
      hasGroups: false,
      dateCreatedFrom: { start: '2026-01-01T00:00:00.000Z' },
      lastContactTo: { end: '2026-02-01T00:00:00.000Z' },
      sortBy: 'lastName',
      sortOrder: 'asc',
      export: true,
      filters: [
        { combinator: 'AND', conditions: [{ field: 'city', type: 'text', operator: 'contains', value: 'lon' }] },
      ],
    });
  });

  it('knows the contact field types: dates and the status enumeration', () => {
    const ok = contactListParamsSchema.safeParse({
      filters: JSON.stringify([
        {
          conditions: [
            { field: 'lastContact', operator: 'gte', value: '2026-01-01' },
            { field: 'dateCreated', operator: 'lt', value: '2026-01-01' },
            { field: 'foundDate', operator: 'isEmpty' },
            { field: 'status', operator: 'in', value: ['active'] },
          ],
        },
      ]),
    });
    expect(ok.success).toBe(true);
    const bad = contactListParamsSchema.safeParse({
      sortBy: 'password',
      sortOrder: 'up',
      hasGroups: 'maybe',
      filters: JSON.stringify([{ conditions: [{ field: 'lastContact', operator: 'contains', value: 'x' }] }]),
    });
    expect(toFieldErrors(bad.error!).map((e) => e.field)).toEqual([
      'hasGroups',
      'sortBy',
      'sortOrder',
      'filters.0.conditions.0.operator',
    ]);
  });

  it('serialises client params for the query string', () => {
    expect(
      contactListSearchParams({
        page: 2,
        search: '',
        groupIds: ['a', 'b'],
        tags: [],
        hasGroups: true,
        filters: [{ conditions: [{ field: 'city', value: 'x' }] }],
      }),
    ).toEqual({
      page: '2',
      groupIds: 'a,b',
      hasGroups: 'true',
      filters: '[{"conditions":[{"field":"city","value":"x"}]}]',
    });
  });
});
