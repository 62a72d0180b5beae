import {
  CONTACT_IMPORT_BATCH_SIZE,
  CONTACT_IMPORT_FIELDS,
  contactImportRowInput,
  contactInputSchema,
  type ContactData,
  type ContactImportField,
  type ContactImportRowError,
} from '@atrium/domain-crm/schemas';

/** Spreadsheet row number of a data row in a file without blank rows: the header is row 1. */
export const rowNumber = (index: number) => index + 2;

/** A stored chunk of an upload: its rows and, when the file had blank rows, each row's own number. */
export interface StoredChunk {
  rows: string[][];
  rowNumbers: number[] | null;
}

/** A table's rows cut into stored chunks of `size`, each with its slice of `rowNumbers` (when there are any). */
export function toChunks(rows: string[][], rowNumbers?: number[], size = CONTACT_IMPORT_BATCH_SIZE): StoredChunk[] {
  const chunks: StoredChunk[] = [];
  for (let i = 0; i < rows.length; i += size) {
    chunks.push({ rows: rows.slice(i, i + size), rowNumbers: rowNumbers?.slice(i, i + size) ?? null });
  }
  return chunks;
}

/** The spreadsheet row number of row `i` of chunk number `chunk`. */
export const rowNumberIn = (stored: StoredChunk, chunk: number, i: number) =>
  stored.rowNumbers?.[i] ?? rowNumber(chunk * CONTACT_IMPORT_BATCH_SIZE + i);

/** Contact columns an import writes: every import field, dates as Date. */
export type ImportedContact = {
  [K in ContactImportField]: K extends 'foundDate' | 'lastContact' ? Date | null : ContactData[K];
};

export type CheckedRow =
  | {
      ok: true;
      row: number;
      email: string;
      /** The whole contact for a create (unmapped fields at their defaults). */
      contact: ImportedContact;
      /** The fields an update sets: mapped and non-blank (a blank cell keeps the existing value). */
      changes: Partial<ImportedContact>;
    }
  | { ok: false; row: number; errors: ContactImportRowError[] };

/**
 * Dates that survive the round trip, as POST /contacts stores them (years 1000–9999; PostgreSQL has no year 0).
 * The shared schema only checks that they parse.
 */
const FIRST_DAY = Date.UTC(1000, 0, 1);
const LAST_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
function storableDate(text: string | null): Date | null | 'invalid' {
  if (!text) return null;
  const date = new Date(text);
  const ms = date.getTime();
  return Number.isNaN(ms) || ms < FIRST_DAY || ms > LAST_INSTANT ? 'invalid' : date;
}

/** One CSV row (spreadsheet row `row`) through the mapping and contactInputSchema: the form's own messages, field by field. */
export function checkRow(
  headers: readonly string[],
  cells: readonly string[],
  mapping: Readonly<Record<string, ContactImportField>>,
  row: number,
): CheckedRow {
  const input = contactImportRowInput(headers, cells, mapping);
  const parsed = contactInputSchema.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      row,
      errors: parsed.error.issues.map((issue) => ({
        row,
        field: issue.path.map(String).join('.') || '_',
        message: issue.message,
      })),
    };
  }
  const data = parsed.data;
  const foundDate = storableDate(data.foundDate);
  const lastContact = storableDate(data.lastContact);
  const dateErrors: ContactImportRowError[] = [];
  if (foundDate === 'invalid') dateErrors.push({ row, field: 'foundDate', message: 'Enter a valid date' });
  if (lastContact === 'invalid') dateErrors.push({ row, field: 'lastContact', message: 'Enter a valid date' });
  if (foundDate === 'invalid' || lastContact === 'invalid') return { ok: false, row, errors: dateErrors };

  const contact = {} as Record<ContactImportField, unknown>;
  for (const field of CONTACT_IMPORT_FIELDS) contact[field] = data[field];
  contact.foundDate = foundDate;
  contact.lastContact = lastContact;
  const changes: Record<string, unknown> = {};
  for (const field of Object.keys(input) as ContactImportField[]) {
    const value = contact[field];
    if (value !== null && value !== undefined) changes[field] = value;
  }
  return {
    ok: true,
    row,
    email: data.email,
    contact: contact as ImportedContact,
    changes: changes as Partial<ImportedContact>,
  };
}
