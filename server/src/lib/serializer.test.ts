import * as z from 'zod';
import { listEnvelopeSchema } from '@atrium/contracts';
import { contactSchema } from '@atrium/domain-crm/schemas';
import { serializerCompiler } from './serializer';

const compile = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as (data: unknown) => string;

// Every field the contract lets be null, null; then the required ones.
const NULLABLE = Object.entries(contactSchema.shape)
  .filter(([, field]) => field.safeParse(null).success)
  .map(([key]) => key);
const contact = {
  ...Object.fromEntries(NULLABLE.map((k) => [k, null])),
  _id: 'c1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  status: 'Active',
  dateCreated: '2026-01-02T03:04:05.000Z',
  groupIds: ['g1', 'g2'],
  tags: [],
};

describe('response serializer', () => {
  it('writes exactly the declared properties, nulls included, and drops the rest', () => {
    const stringify = compile(z.object({ id: z.string(), note: z.string().nullable(), n: z.number().int() }));
    const out = JSON.parse(stringify({ id: 'a', note: null, n: 3, passwordHash: 'secret', extra: { x: 1 } }));
    expect(out).toEqual({ id: 'a', note: null, n: 3 });
  });

  it('answers a contacts page exactly as the contracts parse it', () => {
    const schema = listEnvelopeSchema(contactSchema);
    const page = {
      success: true,
      data: [{ ...contact, internal: 'not for the client' }],
      pagination: { total: 1, page: 1, limit: 20, totalPages: 1 },
    };
    const written = JSON.parse(compile(schema)(page));
    expect(written).toEqual(schema.parse(page));
    expect(written.data[0].internal).toBeUndefined();
  });

  it('refuses an answer that lacks a required property (a 500, not a partial answer)', () => {
    expect(() => compile(z.object({ id: z.string(), name: z.string() }))({ id: 'a' })).toThrow(/name/);
  });

  it('keeps the zod serializer for what JSON Schema cannot express', () => {
    const stringify = compile(z.object({ at: z.date() }));
    expect(JSON.parse(stringify({ at: new Date('2026-01-02T03:04:05Z') }))).toEqual({ at: '2026-01-02T03:04:05.000Z' });
  });
});
