import { parse, type CsvError } from 'csv-parse/sync';
import { defuseSpreadsheetFormula } from '@atrium/contracts';
import {
  CONTACT_IMPORT_MAX_COLUMNS,
  CONTACT_IMPORT_MAX_HEADER_LENGTH,
  CONTACT_IMPORT_MAX_ROWS,
  CONTACT_IMPORT_MESSAGES as M,
} from '@atrium/domain-crm/schemas';
import { AppError } from '../../lib/errors';
import { rowNumber } from './rows';

const invalid = (message: string) => new AppError('VALIDATION_ERROR', message);

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * The text of an uploaded file: UTF-8 with or without a BOM. Anything else (invalid UTF-8 — Latin-1, Windows-1252,
 * UTF-16 with its BOM — or NUL bytes, which UTF-16 without a BOM is full of and PostgreSQL cannot store) is a 400.
 */
export function decodeUtf8(bytes: Uint8Array): string {
  const body = UTF8_BOM.every((b, i) => bytes[i] === b) ? bytes.subarray(3) : bytes;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body);
  } catch {
    throw invalid(M.notUtf8);
  }
  if (text.includes('\u0000')) throw invalid(M.notUtf8);
  return text;
}

const DELIMITERS = [',', ';', '\t'] as const;

/** The delimiter of the header line: the most frequent of comma, semicolon and tab outside quotes (comma on ties). */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (let i = 0; i < text.length && i < 64 * 1024; i++) {
    const ch = text[i]!;
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ',';
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}

const CSV_PROBLEMS: Partial<Record<string, string>> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted value is never closed',
  CSV_INVALID_CLOSING_QUOTE: 'a quote is misplaced',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'text follows a closing quote',
  INVALID_OPENING_QUOTE: 'a quote is misplaced',
};

export interface ParsedCsv {
  /** Each row's spreadsheet row number, when blank rows shift it from position + 2. */
  rowNumbers?: number[];
  headers: string[];
  /** Data rows, each up to its last non-blank cell (a missing cell reads as blank). */
  rows: string[][];
}

const blank = (cell: string | undefined) => (cell ?? '').trim() === '';
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Column names as stored: trimmed, at most 200 characters, blanks named 'Column N', repeats suffixed ' (2)'. */
export function cleanHeaders(raw: readonly string[]): string[] {
  const used = new Set<string>();
  // The next suffix to try per name: a header of thousands of repeats stays linear.
  const nextSuffix = new Map<string, number>();
  return raw.map((cell, i) => {
    let name = cell.trim().slice(0, CONTACT_IMPORT_MAX_HEADER_LENGTH);
    // A JSON key that JSON parsers refuse (the mapping travels as an object keyed by column name).
    if (name === '' || name === '__proto__') name = `Column ${i + 1}`;
    let unique = name;
    let n = nextSuffix.get(name) ?? 2;
    while (used.has(unique)) unique = `${name} (${n++})`;
    nextSuffix.set(name, n);
    used.add(unique);
    return unique;
  });
}

/** A row without its trailing blank cells (readers take a missing cell as blank): stored as small as it came. */
export function trimRow(cells: string[]): string[] {
  let end = cells.length;
  while (end > 0 && blank(cells[end - 1])) end--;
  return end === cells.length ? cells : cells.slice(0, end);
}

/**
 * The rows worth importing: each trimmed, blank ones left out, numbered as in a spreadsheet (the first record is row
 * `firstRow`). `rowNumbers` only when that numbering differs from position + 2 (blank rows, a header further down).
 */
export function keptRows(
  records: readonly string[][],
  firstRow: number,
  maxRows = CONTACT_IMPORT_MAX_ROWS,
): { rows: string[][]; rowNumbers: number[] | undefined } {
  const rows: string[][] = [];
  const numbers: number[] = [];
  records.forEach((record, i) => {
    const row = trimRow(record);
    if (row.length === 0) return;
    if (rows.length === maxRows) throw invalid(M.tooManyRows);
    rows.push(row);
    numbers.push(firstRow + i);
  });
  const shifted = numbers.some((n, k) => n !== rowNumber(k));
  return { rows, rowNumbers: shifted ? numbers : undefined };
}

/** A row as wide as the header, for what shows every column (preview, error file). */
export const padRow = (cells: readonly string[], width: number): string[] =>
  Array.from({ length: width }, (_, i) => cells[i] ?? '');

/**
 * Parses CSV text (RFC 4180 quoting; comma, semicolon or tab) into column names and rows. The first row that is
 * not blank is the header; blank rows (an empty line, a row of blank cells) are not imported but keep their place
 * in the numbering: `rowNumbers` gives each row's spreadsheet row number when they shift it (a quoted cell over
 * several lines is one row, as a spreadsheet shows it). Rows keep only up to their last non-blank cell.
 */
export function parseCsv(text: string, maxRows = CONTACT_IMPORT_MAX_ROWS): ParsedCsv {
  let records: string[][];
  try {
    records = parse(text, { delimiter: detectDelimiter(text), relax_column_count: true });
  } catch (error) {
    const e = error as CsvError & { lines?: number };
    const problem = CSV_PROBLEMS[e.code] ?? 'it could not be read';
    throw invalid(`The file is not valid CSV: ${problem}${e.lines ? ` (line ${e.lines})` : ''}`);
  }
  const headerAt = records.findIndex((record) => !record.every(blank));
  const first = records[headerAt];
  if (!first) throw invalid(M.noRows);
  if (first.some((cell) => LOOKS_LIKE_EMAIL.test(cell.trim()))) throw invalid(M.noHeader);

  // Record i of the file is spreadsheet row i + 1.
  const { rows, rowNumbers } = keptRows(records.slice(headerAt + 1), headerAt + 2, maxRows);
  if (rows.length === 0) throw invalid(M.noRows);

  // Trailing columns with no name and no data (spreadsheets export them as ",,,") are dropped.
  const dataWidth = rows.reduce((w, row) => Math.max(w, row.length), 0);
  const width = Math.max(trimRow(first).length, dataWidth, 1);
  if (width > CONTACT_IMPORT_MAX_COLUMNS) throw invalid(M.tooManyColumns);
  return { headers: cleanHeaders(padRow(first, width)), rows, ...(rowNumbers ? { rowNumbers } : {}) };
}

/**
 * An RFC 4180 field; formula-like text (also behind leading blanks or invisible characters) is prefixed with ' so
 * spreadsheets show it instead of running it; phone-like values (+44 7700 …, -12.5) are left alone (contracts'
 * defuseSpreadsheetFormula, the rule the crm's contact export uses too).
 */
export function csvField(value: string | number | null | undefined): string {
  const s = defuseSpreadsheetFormula(value === null || value === undefined ? '' : String(value));
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(lines: readonly (readonly (string | number | null)[])[]): string {
  return lines.map((line) => line.map(csvField).join(',')).join('\r\n') + (lines.length > 0 ? '\r\n' : '');
}
