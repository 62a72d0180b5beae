import { toFieldErrors } from '@atrium/contracts';
import {
  contactGroupInputSchema,
  contactGroupListQuerySchema,
  contactGroupUpdateSchema,
  contactIdsBodySchema,
  DEFAULT_GROUP_COLOR,
} from './contact-groups';
import { contactTagInputSchema, contactTagUpdateSchema } from './contact-tags';

describe('contact groups', () => {
  it('requires a name and defaults the colour to the teal accent', () => {
    expect(contactGroupInputSchema.parse({ name: ' VIP ' })).toEqual({
      name: 'VIP',
      color: DEFAULT_GROUP_COLOR,
      description: null,
    });
    expect(toFieldErrors(contactGroupInputSchema.safeParse({ name: '  ', color: 'red' }).error!)).toEqual([
      { field: 'name', message: 'Group name is required' },
      { field: 'color', message: 'Color must be a hex colour like #0ca678' },
    ]);
    expect(toFieldErrors(contactGroupInputSchema.safeParse({}).error!)).toEqual([
      { field: 'name', message: 'Group name is required' },
    ]);
    expect(contactGroupUpdateSchema.parse({ color: '#ABCDEF' })).toEqual({ color: '#abcdef' });
  });

  it('list query: defaults and the typed filters', () => {
    expect(contactGroupListQuerySchema.parse({})).toEqual({ page: 1, limit: 20, sortBy: 'name' });
    const q = contactGroupListQuerySchema.parse({
      offset: '40',
      hasContacts: 'true',
      filters: JSON.stringify([{ conditions: [{ field: 'contactCount', operator: 'gte', value: '2' }] }]),
    });
    expect(q.offset).toBe(40);
    expect(q.filters![0]!.conditions[0]).toEqual({ field: 'contactCount', type: 'number', operator: 'gte', value: 2 });
  });

  it('contact id lists are non-empty', () => {
    expect(contactIdsBodySchema.safeParse({ contactIds: [] }).success).toBe(false);
    expect(contactIdsBodySchema.parse({ contactIds: [' a '] })).toEqual({ contactIds: ['a'] });
  });
});

describe('contact tags', () => {
  it('requires a name', () => {
    expect(toFieldErrors(contactTagInputSchema.safeParse({ name: '' }).error!)).toEqual([
      { field: 'name', message: 'Tag name is required' },
    ]);
    expect(contactTagInputSchema.parse({ name: 'Lead' }).color).toBe(DEFAULT_GROUP_COLOR);
    expect(contactTagUpdateSchema.parse({})).toEqual({});
  });
});
