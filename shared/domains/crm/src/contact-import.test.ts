import { toFieldErrors } from '@atrium/contracts';
import {
  CONTACT_IMPORT_FIELDS,
  CONTACT_IMPORT_FIELD_LABELS,
  contactImportMappingSchema,
  contactImportRequestSchema,
  contactImportRowInput,
  isContactImportDone,
  normalizeImportHeader,
  suggestContactField,
  suggestContactMapping,
} from './contact-import';
import { contactInputSchema } from './contact';

describe('suggestContactField', () => {
  test.each([
    ['First Name', 'firstName'],
    ['first_name', 'firstName'],
    ['firstname', 'firstName'],
    ['FIRST-NAME', 'firstName'],
    ['Given name', 'firstName'],
    ['Last Name', 'lastName'],
    ['Surname', 'lastName'],
    ['E-mail', 'email'],
    ['Email Address', 'email'],
    ['email', 'email'],
    ['Phone', 'phoneNumber'],
    ['Phone number', 'phoneNumber'],
    ['Mobile', 'phoneNumber'],
    ['Phone code', 'phoneCode'],
    ['Country code', 'phoneCode'],
    ['Company', 'business'],
    ['Organisation', 'business'],
    ['Status', 'status'],
    ['Job Title', 'jobTitle'],
    ['Title', 'jobTitle'],
    ['Specialties', 'specialities'],
    ['Found date', 'foundDate'],
    ['Last contact', 'lastContact'],
    ['Address Line 1', 'address'],
    ['Address Line 2', 'address2'],
    ['Address 2', 'address2'],
    ['Zip/Code', 'zipCode'],
    ['Postal code', 'zipCode'],
    ['State/Region', 'state'],
    ['Twitter', 'x'],
    ['X', 'x'],
    ['LinkedIn', 'linkedin'],
    ['YouTube', 'youtube'],
    ['TikTok', 'tiktok'],
    ['Website', 'blog'],
    ['Notes', 'notes'],
    ['  City  ', 'city'],
    ['Date created', null],
    ['Favourite colour', null],
    ['', null],
  ])('%j → %s', (header, field) => {
    expect(suggestContactField(header)).toBe(field);
  });

  it('knows every field by its own name and by its label', () => {
    for (const field of CONTACT_IMPORT_FIELDS) {
      expect(suggestContactField(field)).toBe(field);
      expect(suggestContactField(CONTACT_IMPORT_FIELD_LABELS[field])).toBe(field);
    }
  });

  it('normalises headers to letters and digits', () => {
    expect(normalizeImportHeader(' E-Mail_Address ')).toBe('emailaddress');
    expect(normalizeImportHeader('Prénom')).toBe('prenom');
  });
});

describe('suggestContactMapping', () => {
  it('maps each header, each field at most once (the first header wins)', () => {
    expect(suggestContactMapping(['First Name', 'Email', 'E-mail', 'Notes', 'Shoe size'])).toEqual({
      'First Name': 'firstName',
      Email: 'email',
      'E-mail': null,
      Notes: 'notes',
      'Shoe size': null,
    });
  });

  it("maps a Google Contacts export's columns", () => {
    const headers = [
      'First Name',
      'Middle Name',
      'Last Name',
      'Organization Name',
      'Organization Title',
      'E-mail 1 - Label',
      'E-mail 1 - Value',
      'Phone 1 - Label',
      'Phone 1 - Value',
      'Address 1 - Street',
      'Address 1 - City',
      'Address 1 - Region',
      'Address 1 - Postal Code',
      'Address 1 - Country',
      'Website 1 - Value',
      'Notes',
      'Labels',
    ];
    expect(suggestContactMapping(headers)).toEqual({
      'First Name': 'firstName',
      'Middle Name': null,
      'Last Name': 'lastName',
      'Organization Name': 'business',
      'Organization Title': 'jobTitle',
      'E-mail 1 - Label': null,
      'E-mail 1 - Value': 'email',
      'Phone 1 - Label': null,
      'Phone 1 - Value': 'phoneNumber',
      'Address 1 - Street': 'address',
      'Address 1 - City': 'city',
      'Address 1 - Region': 'state',
      'Address 1 - Postal Code': 'zipCode',
      'Address 1 - Country': 'country',
      'Website 1 - Value': 'blog',
      Notes: 'notes',
      Labels: null,
    });
  });

  it("maps an Outlook export's columns (business fields first, the home ones are then taken)", () => {
    const headers = [
      'First Name',
      'Last Name',
      'Company',
      'Job Title',
      'Business Street',
      'Business City',
      'Business State',
      'Business Postal Code',
      'Business Country/Region',
      'Home Street',
      'Business Phone',
      'Mobile Phone',
      'E-mail Address',
      'Notes',
      'Web Page',
    ];
    expect(suggestContactMapping(headers)).toEqual({
      'First Name': 'firstName',
      'Last Name': 'lastName',
      Company: 'business',
      'Job Title': 'jobTitle',
      'Business Street': 'address',
      'Business City': 'city',
      'Business State': 'state',
      'Business Postal Code': 'zipCode',
      'Business Country/Region': 'country',
      'Home Street': null,
      'Business Phone': 'phoneNumber',
      'Mobile Phone': null,
      'E-mail Address': 'email',
      Notes: 'notes',
      'Web Page': 'blog',
    });
  });

  it('passes its own answer through the mapping schema when first name and email are there', () => {
    const suggested = suggestContactMapping(['first_name', 'last_name', 'email']);
    expect(contactImportMappingSchema.parse(suggested)).toEqual({
      first_name: 'firstName',
      last_name: 'lastName',
      email: 'email',
    });
  });
});

describe('contactImportMappingSchema', () => {
  const messages = (input: unknown) => {
    const r = contactImportMappingSchema.safeParse(input);
    return r.success ? [] : toFieldErrors(r.error);
  };

  test.each([
    ['missing email', { Name: 'firstName', Phone: 'phoneNumber' }, [{ field: '_', message: 'Map a column to Email' }]],
    ['missing first name', { Mail: 'email' }, [{ field: '_', message: 'Map a column to First name' }]],
    [
      'nothing mapped',
      { A: null, B: '' },
      [
        { field: '_', message: 'Map a column to Email' },
        { field: '_', message: 'Map a column to First name' },
      ],
    ],
    [
      'unknown field',
      { Name: 'firstName', Mail: 'email', Shoe: 'shoeSize' },
      [{ field: 'Shoe', message: 'Unknown contact field "shoeSize"' }],
    ],
    [
      'groupIds is not importable',
      { Name: 'firstName', Mail: 'email', Groups: 'groupIds' },
      [{ field: 'Groups', message: 'Unknown contact field "groupIds"' }],
    ],
    [
      'a field twice',
      { Name: 'firstName', Mail: 'email', 'Mail 2': 'email' },
      [{ field: 'Mail 2', message: 'Email is already mapped from column "Mail"' }],
    ],
  ])('%s', (_name, input, expected) => {
    expect(messages(input)).toEqual(expected);
  });

  it('drops unmapped columns', () => {
    expect(contactImportMappingSchema.parse({ Name: 'firstName', Mail: 'email', Skip: null, Blank: '' })).toEqual({
      Name: 'firstName',
      Mail: 'email',
    });
  });
});

describe('contactImportRequestSchema', () => {
  const mapping = { Name: 'firstName', Mail: 'email' };
  it('takes an uploadId or data, not both and not neither', () => {
    expect(contactImportRequestSchema.safeParse({ uploadId: 'u1', mapping }).success).toBe(true);
    expect(contactImportRequestSchema.safeParse({ data: [{ Name: 'Ada', Mail: 'a@b.co' }], mapping }).success).toBe(
      true,
    );
    const both = contactImportRequestSchema.safeParse({ uploadId: 'u1', data: [], mapping });
    expect(toFieldErrors(both.error!)).toEqual([{ field: 'uploadId', message: 'Send either uploadId or data' }]);
    expect(contactImportRequestSchema.safeParse({ mapping }).success).toBe(false);
  });
});

describe('contactImportRowInput', () => {
  const headers = ['Name', 'Mail', 'State', 'Ignored'];
  const mapping = { Name: 'firstName', Mail: 'email', State: 'status' } as const;

  it('puts mapped cells under their fields and reads the status in any case', () => {
    expect(contactImportRowInput(headers, ['Ada', 'ADA@Example.com', 'inactive', 'x'], mapping)).toEqual({
      firstName: 'Ada',
      email: 'ADA@Example.com',
      status: 'Inactive',
    });
  });

  it('leaves a blank status out so the default applies', () => {
    const input = contactImportRowInput(headers, ['Ada', 'ada@example.com', ' '], mapping);
    expect(input).toEqual({ firstName: 'Ada', email: 'ada@example.com' });
    expect(contactInputSchema.parse(input).status).toBe('Active');
  });

  it('gives the form messages through contactInputSchema', () => {
    const input = contactImportRowInput(headers, ['', 'ada.example.com', 'Gone'], mapping);
    const r = contactInputSchema.safeParse(input);
    expect(toFieldErrors(r.error!).map((e) => [e.field, e.message])).toEqual([
      ['firstName', 'First name is required'],
      ['email', 'Email address must contain @ symbol'],
      ['status', expect.any(String)],
    ]);
  });

  it('ignores mapping keys that only exist on Object.prototype', () => {
    expect(contactImportRowInput(['constructor'], ['x'], mapping)).toEqual({});
  });
});

test('isContactImportDone', () => {
  expect(['queued', 'running', 'completed', 'failed'].map((s) => isContactImportDone(s as never))).toEqual([
    false,
    false,
    true,
    true,
  ]);
});
