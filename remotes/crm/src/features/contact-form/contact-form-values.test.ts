import type { Contact } from '@atrium/contracts';
import { canSubmit, toFormValues, toInput } from './contact-form-values';

describe('contact form values', () => {
  it('defaults a new contact to Active with empty fields', () => {
    const v = toFormValues();
    expect(v.status).toBe('Active');
    expect(v.firstName).toBe('');
    expect(v.groupIds).toEqual([]);
  });

  it('resets an unknown status to Active when a contact is opened', () => {
    expect(toFormValues({ status: 'Archived' } as unknown as Contact).status).toBe('Active');
    expect(toFormValues({ status: 'Inactive' } as unknown as Contact).status).toBe('Inactive');
  });

  it('keeps dates as days for the date inputs', () => {
    expect(
      toFormValues({ status: 'Active', lastContact: '2026-11-20T15:00:00.000Z' } as unknown as Contact).lastContact,
    ).toBe('2026-11-20');
  });

  it('enables create only with a first name and a valid email; edit also needs a change', () => {
    const v = { ...toFormValues(), firstName: 'Ada', email: 'ada@example.com' };
    expect(canSubmit(v, 'create', false)).toBe(true);
    expect(canSubmit({ ...v, firstName: ' ' }, 'create', true)).toBe(false);
    expect(canSubmit({ ...v, email: 'ada@example' }, 'create', true)).toBe(false);
    expect(canSubmit(v, 'edit', false)).toBe(false);
    expect(canSubmit(v, 'edit', true)).toBe(true);
  });

  it('sends the phone code only with a phone number', () => {
    const v = { ...toFormValues(), firstName: 'Ada', email: 'ada@example.com' };
    expect(toInput(v).phoneCode).toBeNull();
    expect(toInput({ ...v, phoneNumber: '555 0100' }).phoneCode).toBe('+1');
  });
});
