/**
 * The work lists' CSV: contracts' csvField and toCsv (RFC 4180, formula-like text defused so spreadsheets never
 * run it, the rule of every export) and ui's downloadText (a BOM so spreadsheet apps read UTF-8 names correctly).
 */
export { csvField, toCsv, type CsvColumn } from '@atrium/contracts';
export { downloadText as downloadCsv } from '@atrium/ui';
