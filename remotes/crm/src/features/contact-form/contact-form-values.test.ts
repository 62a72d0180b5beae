import type { Contact } from '@atrium/domain-crm';
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

  it('keeps what the modal does not show (job title, notes) through a save', () => {
    const stored = {
      status: 'Active',
      firstName: 'Ada',
      email: 'ada@example.com',
      jobTitle: 'Engineer',
      notes: 'Met at the fair',
    };
    const input = toInput(toFormValues(stored as unknown as Contact));
    expect(input).toMatchObject({ jobTitle: 'Engineer', notes: 'Met at the fair' });
  });

  it('starts a new number at +1 but leaves a stored number without a code without one', () => {
    expect(toFormValues().phoneCode).toBe('+1');
    expect(toFormValues({ status: 'Active', phoneCode: null, phoneNumber: null } as unknown as Contact).phoneCode).toBe(
      '+1',
    );
    const imported = toFormValues({ status: 'Active', phoneCode: null, phoneNumber: '5550100' } as unknown as Contact);
    expect(imported.phoneCode).toBe('');
    expect(toInput(imported).phoneCode).toBe('');
    expect(
      toFormValues({ status: 'Active', phoneCode: '+44', phoneNumber: '20 7946' } as unknown as Contact).phoneCode,
    ).toBe('+44');
  });
});
