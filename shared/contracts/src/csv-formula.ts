/**
 * CSV cells that a spreadsheet would run as a formula (CSV/formula injection): text starting with =, @, a tab or a
 * carriage return, or with + or - unless it reads as a phone number or a number ('+44 7700 900123', '-12.5',
 * '(555) 010-0199'). Spreadsheets skip leading blanks, so the same holds behind leading spaces, tabs, line breaks,
 * no-break spaces (U+00A0) and invisible characters (zero-width space, non-joiner and joiner U+200B–U+200D, word
 * joiner U+2060, BOM U+FEFF): ' =1+1' and '\u200b=HYPERLINK(…)' count; ' +44 7700 900123' does not.
 */
const HIDDEN_LEAD = /^[ \t\r\n\u00a0\u200b-\u200d\u2060\ufeff]+/;
const PHONE_OR_NUMBER = /^[+-][\d\s().-]*$/;

const startsFormula = (text: string) => /^[=@\t\r]/.test(text) || (/^[+-]/.test(text) && !PHONE_OR_NUMBER.test(text));

export function isSpreadsheetFormula(value: string): boolean {
  return startsFormula(value) || startsFormula(value.replace(HIDDEN_LEAD, ''));
}

/** The cell text a spreadsheet shows as text: a formula-like value gets a leading ' (shown, never run). */
export const defuseSpreadsheetFormula = (value: string): string => (isSpreadsheetFormula(value) ? `'${value}` : value);
