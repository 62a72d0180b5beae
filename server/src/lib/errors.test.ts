import { contactGroupMembers } from '../db/schema';
import { createTestDatabase, type TestDatabase } from '../../test/helpers';
import { CHANGED_MEANWHILE, toAppError } from './errors';

describe('toAppError', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t.drop();
  });

  it('answers a write that refers to a row deleted meanwhile (a foreign key violation) with 409, not 500', async () => {
    const failed = await t.handle.db
      .insert(contactGroupMembers)
      .values({ businessId: 'gone-business', contactId: 'gone-contact', groupId: 'gone-group' })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failed).not.toBeNull();
    const { appError, status } = toAppError(failed);
    expect(status).toBe(409);
    expect(appError.toBody()).toMatchObject({ success: false, code: 'CONFLICT', error: CHANGED_MEANWHILE });
  });

  it('keeps anything it does not know as a 500 without details', () => {
    const { appError, status } = toAppError(new Error('boom'));
    expect(status).toBe(500);
    expect(appError.toBody()).toMatchObject({ code: 'INTERNAL_ERROR' });
  });
});
