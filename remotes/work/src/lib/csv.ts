import { defuseSpreadsheetFormula } from '@atrium/contracts';

/**
 * RFC 4180 field; formula-like text (also behind leading blanks or invisible characters) is prefixed with ' so
 * spreadsheets never run it (contracts' defuseSpreadsheetFormula, the rule of every export).
 */
export function csvField(value: unknown): string {
  const s = defuseSpreadsheetFormula(
    value === null || value === undefined ? '' : Array.isArray(value) ? value.join(', ') : String(value),
  );
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Rows as CSV: a header line from the columns' labels, then one line per row (CRLF, trailing newline). */
export function toCsv<T>(rows: T[], columns: [label: string, value: (row: T) => unknown][]): string {
  const lines = [columns.map(([h]) => csvField(h)).join(',')];
  for (const r of rows) lines.push(columns.map(([, v]) => csvField(v(r))).join(','));
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
