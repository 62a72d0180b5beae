import { toCsv, type CsvColumn } from '@atrium/contracts';
import type { Contact } from '@atrium/domain-crm';

const COLUMNS: [keyof Contact, string][] = [
  ['firstName', 'First name'],
  ['lastName', 'Last name'],
  ['email', 'Email'],
  ['phoneCode', 'Phone code'],
  ['phoneNumber', 'Phone number'],
  ['status', 'Status'],
  ['business', 'Business'],
  ['jobTitle', 'Job title'],
  ['industry', 'Industry'],
  ['specialities', 'Specialities'],
  ['foundDate', 'Found date'],
  ['lastContact', 'Last contact'],
  ['dateCreated', 'Date created'],
  ['address', 'Address'],
  ['address2', 'Address 2'],
  ['city', 'City'],
  ['state', 'State'],
  ['zipCode', 'Zip code'],
  ['country', 'Country'],
  ['linkedin', 'LinkedIn'],
  ['x', 'X'],
  ['instagram', 'Instagram'],
  ['facebook', 'Facebook'],
  ['blog', 'Blog'],
  ['youtube', 'YouTube'],
  ['tiktok', 'TikTok'],
  ['other', 'Other'],
];

export function contactsToCsv(rows: Contact[]): string {
  return toCsv(
    rows,
    COLUMNS.map(([k, label]): CsvColumn<Contact> => [label, (r) => r[k]]),
  );
}

/**
 * contracts' csvField (RFC 4180; formula-like text, also behind leading blanks or invisible characters, is prefixed
 * with ' so spreadsheets never run it; phone numbers and numbers stay as they are) and ui's file download.
 */
export { csvField } from '@atrium/contracts';
export { downloadText as downloadCsv } from '@atrium/ui';
