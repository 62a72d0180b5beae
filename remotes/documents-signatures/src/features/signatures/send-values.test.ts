import { SIGNATURE_MESSAGES } from '@atrium/domain-documents';
import { endOfDayIso, initialSendValues, moveRow, newRow, sendErrors, toCreateInput } from './send-values';

const now = new Date(2026, 10, 27, 12, 0, 0);
const doc = {
  signers: [
    { role: 'owner' as const, name: 'Olive Owner', email: 'olive@biz.test' },
    { role: 'client' as const, name: 'Carl Client', email: 'carl@client.test' },
  ],
  contact: { _id: 'c1', name: 'Contact Name', email: 'contact@client.test' },
  contactId: 'c1',
  expiresAt: null,
};

describe('send for signature values', () => {
  it('starts with the client then the owner, 30 days and reminders every 3 days', () => {
    const v = initialSendValues(doc, now);
    expect(v.signers.map((s) => [s.role, s.name, s.email, s.contactId])).toEqual([
      ['client', 'Carl Client', 'carl@client.test', 'c1'],
      ['owner', 'Olive Owner', 'olive@biz.test', null],
    ]);
    expect(v.expiresOn).toBe('2026-12-27');
    expect(v.reminderIntervalDays).toBe(3);
    expect(v.signingOrder).toBe('sequential');
  });

  it('falls back to the contact for the client, and keeps a future contract expiry', () => {
    const v = initialSendValues({ ...doc, signers: [], expiresAt: '2027-01-15T00:00:00.000Z' }, now);
    expect(v.signers[0]).toMatchObject({ name: 'Contact Name', email: 'contact@client.test' });
    expect(v.expiresOn).toBe(endOfDayIso('2027-01-15') && '2027-01-15');
  });

  it('builds the body with the links valid to the end of the chosen day', () => {
    const v = initialSendValues(doc, now);
    const input = toCreateInput('d1', { ...v, message: 'Please sign' });
    expect(input).toMatchObject({
      documentId: 'd1',
      signingOrder: 'sequential',
      reminderIntervalDays: 3,
      message: 'Please sign',
      signers: [
        { role: 'client', name: 'Carl Client', email: 'carl@client.test', contactId: 'c1' },
        { role: 'owner', name: 'Olive Owner', email: 'olive@biz.test' },
      ],
    });
    expect(new Date(input.expiresAt!).getHours()).toBe(23);
    expect(sendErrors(input)).toEqual({});
  });

  it('says what is wrong with the slice schema’s messages, by field', () => {
    const v = initialSendValues(doc, now);
    const bad = toCreateInput('d1', {
      ...v,
      signers: [
        newRow('client', { name: '', email: 'nope' }),
        newRow('client', { name: 'B', email: '' }),
        newRow('owner', { name: 'O' }),
        newRow('owner', { name: 'P' }),
      ],
      reminderIntervalDays: 31,
      expiresOn: '',
    });
    const errors = sendErrors(bad);
    expect(errors['signers.0.name']).toBe(SIGNATURE_MESSAGES.nameRequired);
    expect(errors['signers.0.email']).toBe(SIGNATURE_MESSAGES.emailInvalid);
    expect(errors['signers.1.email']).toBe(SIGNATURE_MESSAGES.clientNeedsEmail);
    expect(errors.signers).toBe(SIGNATURE_MESSAGES.oneOwner);
    expect(errors.reminderIntervalDays).toBe(SIGNATURE_MESSAGES.reminderRange);
    expect(errors.expiresAt).toBe('Choose the day the signing links expire');
    expect(sendErrors({ ...toCreateInput('d1', v), signers: [] }).signers).toBe(SIGNATURE_MESSAGES.signersRequired);
  });

  it('moves a row up or down and not past the ends', () => {
    expect(moveRow(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveRow(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveRow(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
