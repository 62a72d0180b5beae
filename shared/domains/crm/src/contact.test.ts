import { contactDisplayName, isRemoteModule, makePagination, pageQuerySchema, toFieldErrors } from '@atrium/contracts';
import { composePhone, contactInputSchema } from './contact';

describe('contact input', () => {
  it('requires first name and email with the exact messages', () => {
    const r = contactInputSchema.safeParse({ firstName: '  ', email: 'nope.example.com' });
    expect(r.success).toBe(false);
    expect(toFieldErrors(r.error!)).toEqual([
      { field: 'firstName', message: 'First name is required' },
      { field: 'email', message: 'Email address must contain @ symbol' },
    ]);
  });

  it('defaults status to Active, blanks to null and groupIds to []', () => {
    const c = contactInputSchema.parse({ firstName: 'Ada', email: 'ada@example.com', lastName: '' });
    expect(c.status).toBe('Active');
    expect(c.lastName).toBeNull();
    expect(c.groupIds).toEqual([]);
  });

  it('rejects an unknown status and a non-URL social profile', () => {
    const r = contactInputSchema.safeParse({ firstName: 'A', email: 'a@b.co', status: 'Gone', linkedin: 'linkedin' });
    expect(toFieldErrors(r.error!).map((e) => e.field)).toEqual(['status', 'linkedin']);
  });

  it('composes the phone and the display name', () => {
    expect(composePhone('+44', '7700 900123')).toBe('+44 7700 900123');
    expect(composePhone(null, '555')).toBe('555');
    expect(composePhone('+1', null)).toBeNull();
    expect(contactDisplayName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(contactDisplayName({ lastName: 'Lovelace' })).toBe('Lovelace');
    expect(contactDisplayName({})).toBe('Unnamed Contact');
  });
});

describe('pagination', () => {
  it('coerces and bounds query text', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 1, limit: 20 });
    expect(pageQuerySchema.parse({ page: '3', limit: '50' })).toEqual({ page: 3, limit: 50 });
    expect(pageQuerySchema.safeParse({ limit: '1000' }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });
  it('computes totalPages (at least 1)', () => {
    expect(makePagination(0, 1, 20)).toEqual({ total: 0, page: 1, limit: 20, totalPages: 1 });
    expect(makePagination(41, 2, 20).totalPages).toBe(3);
  });
});

describe('RemoteModule contract', () => {
  const load = () => Promise.resolve({ default: () => null });
  it('accepts a well-formed module and rejects others', () => {
    expect(
      isRemoteModule({ name: 'crm', routes: [{ path: '/contacts', load }], nav: [], newMenu: [], widgets: [] }),
    ).toBe(true);
    expect(isRemoteModule({ name: 'nope', routes: [], nav: [], newMenu: [], widgets: [] })).toBe(false);
    expect(
      isRemoteModule({ name: 'crm', routes: [{ path: 'contacts', load }], nav: [], newMenu: [], widgets: [] }),
    ).toBe(false);
    expect(isRemoteModule(null)).toBe(false);
  });
});
