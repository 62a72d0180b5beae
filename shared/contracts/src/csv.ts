import { defuseSpreadsheetFormula } from './csv-formula';

/**
 * RFC 4180 field; formula-like text (also behind leading blanks or invisible characters) is prefixed with ' so
 * spreadsheets never run it, phone numbers and numbers (+44 7700 …, -12.5) stay as they are
 * (defuseSpreadsheetFormula, the rule of every export and of the server's import error file). Lists are joined
 * with ', '; null and undefined are empty.
 */
export function csvField(value: unknown): string {
  const s = defuseSpreadsheetFormula(
    value === null || value === undefined ? '' : Array.isArray(value) ? value.join(', ') : String(value),
  );
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A CSV column: its header label and how a row's cell is read. */
export type CsvColumn<T> = [label: string, value: (row: T) => unknown];

/** Rows as CSV: a header line from the columns' labels, then one line per row (CRLF, trailing newline). */
export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  const lines = [columns.map(([h]) => csvField(h)).join(',')];
  for (const r of rows) lines.push(columns.map(([, v]) => csvField(v(r))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
