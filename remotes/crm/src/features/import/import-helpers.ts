import {
  CONTACT_IMPORT_FIELDS,
  CONTACT_IMPORT_FIELD_LABELS,
  CONTACT_IMPORT_MAX_FILE_BYTES,
  CONTACT_IMPORT_MESSAGES,
  contactImportMappingSchema,
  type ContactImportField,
  type ContactImportMapping,
} from '@atrium/domain-crm';

/** The Select value of "Don't import" (Select values are strings). */
export const SKIP = '';

/** The browser's check before uploading: .csv (or text/csv) and at most 10 MB; null when fine. */
export function fileProblem(file: Pick<File, 'name' | 'size' | 'type'>): string | null {
  const csv = /\.csv$/i.test(file.name) || file.type.split(';', 1)[0]!.trim().toLowerCase() === 'text/csv';
  if (!csv) return CONTACT_IMPORT_MESSAGES.notCsv;
  if (file.size > CONTACT_IMPORT_MAX_FILE_BYTES) return CONTACT_IMPORT_MESSAGES.tooBig;
  if (file.size === 0) return CONTACT_IMPORT_MESSAGES.noRows;
  return null;
}

/** Options of a column's Select: "Don't import", then every field; fields another column took are disabled. */
export function fieldOptions(mapping: ContactImportMapping, header: string) {
  const taken = new Set(Object.entries(mapping).flatMap(([h, f]) => (f && h !== header ? [f] : [])));
  return [
    { value: SKIP, label: "Don't import" },
    ...CONTACT_IMPORT_FIELDS.map((field) => ({
      value: field,
      label: CONTACT_IMPORT_FIELD_LABELS[field],
      disabled: taken.has(field),
    })),
  ];
}

/** The messages the server would answer for this mapping ('Map a column to Email', ...), none when it is fine. */
export function mappingProblems(mapping: ContactImportMapping): string[] {
  const result = contactImportMappingSchema.safeParse(mapping);
  return result.success ? [] : [...new Set(result.error.issues.map((i) => i.message))];
}

/** A field's label for an error list ('firstName' → 'First name'); other names as they are. */
export function fieldLabel(field: string): string {
  return CONTACT_IMPORT_FIELD_LABELS[field as ContactImportField] ?? field;
}

/** Saves text as a file (ui's downloadText: a temporary link, a BOM so spreadsheet apps read UTF-8). */
export { downloadText } from '@atrium/ui';

/** 'people.csv' → 'people-errors.csv'. */
export function errorFileName(fileName: string): string {
  return `${fileName.replace(/\.csv$/i, '') || 'contacts'}-errors.csv`;
}
