import { defuseSpreadsheetFormula } from '@atrium/contracts';
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

/**
 * RFC 4180 field; formula-like text (also behind leading blanks or invisible characters) is prefixed with ' so
 * spreadsheets never run it, phone numbers and numbers (+44 7700 …, -12.5) stay as they are (contracts'
 * defuseSpreadsheetFormula, the rule of the server's import error file too).
 */
export function csvField(value: unknown): string {
  const s = defuseSpreadsheetFormula(
    value === null || value === undefined ? '' : Array.isArray(value) ? value.join(', ') : String(value),
  );
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function contactsToCsv(rows: Contact[]): string {
  const lines = [COLUMNS.map(([, h]) => csvField(h)).join(',')];
  for (const r of rows) lines.push(COLUMNS.map(([k]) => csvField(r[k])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export function downloadCsv(csv: string, filename: string): void {
  // A BOM so spreadsheet apps read UTF-8 names correctly.
  const blob = new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
