import * as z from 'zod';
import { CONTACT_STATUSES } from '@atrium/contracts';

/** CSV contact import (docs/requirements.md §7 "Contacts": /contacts/upload, /contacts/validate, /contacts/import). */

export const CONTACT_IMPORT_MAX_FILE_BYTES = 10 * 1024 * 1024;
export const CONTACT_IMPORT_MAX_ROWS = 200_000;
/** Rows of the upload answer's preview. */
export const CONTACT_IMPORT_PREVIEW_ROWS = 5;
/** Rows written per transaction by the import job. */
export const CONTACT_IMPORT_BATCH_SIZE = 1000;
/** Row errors listed by POST /contacts/validate (the error file holds them all). */
export const CONTACT_IMPORT_VALIDATE_ERROR_LIMIT = 1000;
/** Row errors kept on an import job. */
export const CONTACT_IMPORT_JOB_ERROR_LIMIT = 100;
/** How long an upload is kept for validate/import. */
export const CONTACT_IMPORT_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
/** How often the UI polls a running import. */
export const CONTACT_IMPORT_POLL_MS = 1000;
/** Longest header (column name) kept. */
export const CONTACT_IMPORT_MAX_HEADER_LENGTH = 200;
/** Most columns a file may name (Google Contacts and Outlook exports have about 90). */
export const CONTACT_IMPORT_MAX_COLUMNS = 500;

export const CONTACT_IMPORT_MESSAGES = {
  notCsv: 'Choose a .csv file',
  tooBig: 'The file is larger than 10 MB',
  notUtf8: 'The file must be UTF-8 encoded CSV',
  noFile: 'Choose a CSV file to upload',
  noHeader: 'The first row must hold the column names (a header row)',
  noRows: 'The file has no rows',
  tooManyRows: `The file has more than ${CONTACT_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows`,
  tooManyColumns: `The file has more than ${CONTACT_IMPORT_MAX_COLUMNS} columns`,
  mapEmail: 'Map a column to Email',
  mapFirstName: 'Map a column to First name',
  uploadNotFound: 'Upload not found or expired. Upload the file again.',
  jobNotFound: 'Import not found',
  sendUploadOrData: 'Send either uploadId or data',
  alreadyRunning: 'An import of this file with another mapping is already running',
  duplicateInFile: (row: number) => `Duplicate email: same as row ${row} of this file`,
  uploadExpired: 'The uploaded file has expired. Upload it again.',
} as const;

/** The contact fields a column can fill (contactInputSchema minus group and tag ids). */
export const CONTACT_IMPORT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phoneCode',
  'phoneNumber',
  'business',
  'status',
  'jobTitle',
  'industry',
  'specialities',
  'foundDate',
  'lastContact',
  'address',
  'address2',
  'city',
  'state',
  'zipCode',
  'country',
  'linkedin',
  'x',
  'instagram',
  'facebook',
  'blog',
  'youtube',
  'tiktok',
  'other',
  'notes',
] as const;
export type ContactImportField = (typeof CONTACT_IMPORT_FIELDS)[number];

export const CONTACT_IMPORT_FIELD_LABELS: Record<ContactImportField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phoneCode: 'Phone code',
  phoneNumber: 'Phone number',
  business: 'Business',
  status: 'Status',
  jobTitle: 'Job title',
  industry: 'Industry',
  specialities: 'Specialities',
  foundDate: 'Found date',
  lastContact: 'Last contact',
  address: 'Address',
  address2: 'Address 2',
  city: 'City',
  state: 'State',
  zipCode: 'Zip code',
  country: 'Country',
  linkedin: 'LinkedIn',
  x: 'X',
  instagram: 'Instagram',
  facebook: 'Facebook',
  blog: 'Blog',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  other: 'Other',
  notes: 'Notes',
};

export function isContactImportField(value: unknown): value is ContactImportField {
  return typeof value === 'string' && (CONTACT_IMPORT_FIELDS as readonly string[]).includes(value);
}

/** A header as compared: lower case, letters and digits only ('E-mail' → 'email', 'First Name' → 'firstname'). */
export function normalizeImportHeader(header: string): string {
  return header
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * Other names of each field, normalised. Besides the usual spellings, the column names of common exports: Google
 * Contacts ('E-mail 1 - Value', 'Organization Name', 'Address 1 - City'), Outlook ('E-mail Address', 'Business
 * Phone', 'Business Street', 'Business Country/Region', 'Web Page') and CRMs ('Mailing Street', 'Account Name').
 */
const ALIASES: Record<ContactImportField, string[]> = {
  firstName: ['first', 'fname', 'givenname', 'forename', 'firstnames', 'contactfirstname'],
  lastName: ['last', 'lname', 'surname', 'familyname', 'contactlastname'],
  email: [
    'emailaddress',
    'mail',
    'emailaddr',
    'emails',
    'primaryemail',
    'workemail',
    'contactemail',
    'email1value',
    'email1',
    'emailaddress1',
  ],
  phoneCode: ['countrycode', 'dialcode', 'callingcode', 'phonecountrycode', 'phoneprefix'],
  phoneNumber: [
    'phone',
    'telephone',
    'tel',
    'mobile',
    'mobilephone',
    'mobilenumber',
    'cell',
    'cellphone',
    'phoneno',
    'phone1value',
    'phone1',
    'primaryphone',
    'businessphone',
    'workphone',
    'homephone',
  ],
  business: [
    'company',
    'companyname',
    'organization',
    'organisation',
    'businessname',
    'employer',
    'account',
    'organizationname',
    'organization1name',
    'accountname',
  ],
  status: ['contactstatus'],
  jobTitle: ['title', 'position', 'role', 'job', 'organizationtitle', 'organization1title'],
  industry: ['sector'],
  specialities: ['specialties', 'speciality', 'specialty', 'skills'],
  foundDate: ['founded', 'foundeddate', 'foundingdate', 'datefounded'],
  lastContact: ['lastcontacted', 'lastcontactdate', 'lastcontacteddate', 'lastcontacton'],
  address: [
    'address1',
    'addressline1',
    'street',
    'streetaddress',
    'addressline',
    'address1street',
    'businessstreet',
    'homestreet',
    'mailingstreet',
  ],
  address2: ['addressline2', 'street2'],
  city: ['town', 'address1city', 'businesscity', 'homecity', 'mailingcity'],
  state: [
    'region',
    'province',
    'stateregion',
    'county',
    'stateprovince',
    'address1region',
    'businessstate',
    'homestate',
    'mailingstate',
  ],
  zipCode: [
    'zip',
    'postcode',
    'postalcode',
    'zippostcode',
    'zipcodepostcode',
    'address1postalcode',
    'businesspostalcode',
    'homepostalcode',
    'mailingzippostalcode',
    'mailingpostalcode',
  ],
  country: [
    'countryname',
    'nation',
    'countryregion',
    'address1country',
    'businesscountryregion',
    'homecountryregion',
    'mailingcountry',
  ],
  linkedin: ['linkedinurl', 'linkedinprofile'],
  x: ['twitter', 'xtwitter', 'twitterx', 'twitterurl', 'xurl'],
  instagram: ['instagramurl', 'ig'],
  facebook: ['facebookurl', 'fb'],
  blog: ['blogurl', 'website', 'web', 'url', 'site', 'website1value', 'webpage', 'personalwebsite'],
  youtube: ['youtubeurl', 'youtubechannel'],
  tiktok: ['tiktokurl'],
  other: ['otherurl', 'otherprofile'],
  notes: ['note', 'comments', 'comment', 'description'],
};

/** Every name of every field → the field; a name given to two fields is a mistake caught on load (and by tests). */
const FIELD_BY_NAME: ReadonlyMap<string, ContactImportField> = (() => {
  const byName = new Map<string, ContactImportField>();
  for (const field of CONTACT_IMPORT_FIELDS) {
    const names = [
      normalizeImportHeader(field),
      normalizeImportHeader(CONTACT_IMPORT_FIELD_LABELS[field]),
      ...ALIASES[field],
    ];
    for (const name of names) {
      const known = byName.get(name);
      if (known && known !== field) throw new Error(`import column name '${name}' names both ${known} and ${field}`);
      byName.set(name, field);
    }
  }
  return byName;
})();

/** The contact field a column name stands for ('First Name', 'first_name', 'firstname' → firstName), or null. */
export function suggestContactField(header: string): ContactImportField | null {
  return FIELD_BY_NAME.get(normalizeImportHeader(header)) ?? null;
}

/** header → field (or null: not imported). */
export type ContactImportMapping = Record<string, ContactImportField | null>;

/** A suggestion per header; each field goes to the first header that names it, later ones stay unmapped. */
export function suggestContactMapping(headers: readonly string[]): ContactImportMapping {
  const taken = new Set<ContactImportField>();
  return Object.fromEntries(
    headers.map((header) => {
      const field = suggestContactField(header);
      if (!field || taken.has(field)) return [header, null];
      taken.add(field);
      return [header, field];
    }),
  );
}

/**
 * The mapping a client sends: known fields only, each at most once, Email and First name mapped.
 * Blank or null values mean "do not import this column". Parses to header → field, unmapped headers left out.
 */
export const contactImportMappingSchema = z
  .record(z.string().max(CONTACT_IMPORT_MAX_HEADER_LENGTH), z.string().nullable())
  .superRefine((mapping, ctx) => {
    const seen = new Map<ContactImportField, string>();
    for (const [header, field] of Object.entries(mapping)) {
      if (field === null || field === '') continue;
      if (!isContactImportField(field)) {
        ctx.addIssue({ code: 'custom', path: [header], message: `Unknown contact field "${field}"` });
      } else if (seen.has(field)) {
        ctx.addIssue({
          code: 'custom',
          path: [header],
          message: `${CONTACT_IMPORT_FIELD_LABELS[field]} is already mapped from column "${seen.get(field)}"`,
        });
      } else seen.set(field, header);
    }
    if (!seen.has('email')) ctx.addIssue({ code: 'custom', path: [], message: CONTACT_IMPORT_MESSAGES.mapEmail });
    if (!seen.has('firstName')) {
      ctx.addIssue({ code: 'custom', path: [], message: CONTACT_IMPORT_MESSAGES.mapFirstName });
    }
  })
  .transform(
    (mapping) =>
      Object.fromEntries(Object.entries(mapping).filter(([, field]) => isContactImportField(field))) as Record<
        string,
        ContactImportField
      >,
  );
export type ContactImportMappingData = z.output<typeof contactImportMappingSchema>;

/** A cell value the `data` form of validate/import accepts (numbers and booleans are read as text). */
const cellSchema = z.union([z.string().max(100_000), z.number(), z.boolean(), z.null()]);

/**
 * Body of POST /contacts/validate and /contacts/import: an upload by id, or the rows themselves (`data`, objects
 * keyed by column name). The mapping is checked by the server against the file's columns (see
 * contactImportMappingSchema), so this shape accepts any string values.
 */
export const contactImportRequestSchema = z
  .object({
    uploadId: z.string().min(1).max(100).optional(),
    data: z
      .array(z.record(z.string().max(CONTACT_IMPORT_MAX_HEADER_LENGTH), cellSchema))
      .max(CONTACT_IMPORT_MAX_ROWS, CONTACT_IMPORT_MESSAGES.tooManyRows)
      .optional(),
    mapping: z.record(z.string().max(CONTACT_IMPORT_MAX_HEADER_LENGTH), z.string().max(100).nullable()),
  })
  .refine((body) => (body.uploadId === undefined) !== (body.data === undefined), {
    message: CONTACT_IMPORT_MESSAGES.sendUploadOrData,
    path: ['uploadId'],
  });
export type ContactImportRequest = z.input<typeof contactImportRequestSchema>;

export const contactUploadResultSchema = z.object({
  uploadId: z.string(),
  fileName: z.string(),
  headers: z.array(z.string()),
  rowCount: z.number().int(),
  /** The first rows, each cell in header order. */
  preview: z.array(z.array(z.string())),
  suggestedMapping: z.record(z.string(), z.enum(CONTACT_IMPORT_FIELDS).nullable()),
  expiresAt: z.string(),
});
export type ContactUploadResult = z.infer<typeof contactUploadResultSchema>;

/** A row problem. `row` is the spreadsheet row number: the header is row 1, the first data row is row 2. */
export const contactImportRowErrorSchema = z.object({
  row: z.number().int(),
  field: z.string(),
  message: z.string(),
});
export type ContactImportRowError = z.infer<typeof contactImportRowErrorSchema>;

export const contactValidateResultSchema = z.object({
  total: z.number().int(),
  /** Rows that pass the contact rules (duplicates included). */
  valid: z.number().int(),
  /** Rows that break a contact rule: skipped by the import. */
  invalid: z.number().int(),
  /** Valid rows whose email (any case) is already in the business or on an earlier row: existing + repeated. */
  duplicates: z.number().int(),
  /** Valid rows matching a contact of the business: the import updates that contact. */
  existing: z.number().int(),
  /** Valid rows repeating an email of an earlier row: skipped by the import. */
  repeated: z.number().int(),
  /** The first CONTACT_IMPORT_VALIDATE_ERROR_LIMIT problems, by row. */
  errors: z.array(contactImportRowErrorSchema),
  /** Every problem, for the count. */
  errorCount: z.number().int(),
  /** The rows the import will skip, as CSV: Row, the file's columns, Errors. Empty when there are none. */
  errorCsv: z.string(),
});
export type ContactValidateResult = z.infer<typeof contactValidateResultSchema>;

export const CONTACT_IMPORT_JOB_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type ContactImportJobStatus = (typeof CONTACT_IMPORT_JOB_STATUSES)[number];

export const contactImportJobSchema = z.object({
  jobId: z.string(),
  status: z.enum(CONTACT_IMPORT_JOB_STATUSES),
  /**
   * Running, but its worker stopped (a crash, a restart, a failed batch that will be tried again): no progress until
   * another worker goes on at the cursor, within seconds.
   */
  resuming: z.boolean(),
  /** Rows looked at so far, of total. */
  processed: z.number().int(),
  total: z.number().int(),
  created: z.number().int(),
  /** Existing contacts (same email) that the import changed. */
  updated: z.number().int(),
  /** Existing contacts that already held the row's values (a re-run changes nothing). */
  unchanged: z.number().int(),
  /** Invalid rows and repeats of an earlier row's email. */
  skipped: z.number().int(),
  /** The first CONTACT_IMPORT_JOB_ERROR_LIMIT row problems. */
  errors: z.array(contactImportRowErrorSchema),
  errorCount: z.number().int(),
  /** Why a failed job failed. */
  failure: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ContactImportJob = z.infer<typeof contactImportJobSchema>;

export const contactImportStartSchema = z.object({ jobId: z.string() });
export type ContactImportStart = z.infer<typeof contactImportStartSchema>;

/** Whether a job has reached an end state (the UI stops polling). */
export function isContactImportDone(status: ContactImportJobStatus): boolean {
  return status === 'completed' || status === 'failed';
}

/** Status text of a CSV cell, any case ('active' → 'Active'); anything else is left for the schema to reject. */
export function normalizeContactStatus(value: string): string {
  const found = CONTACT_STATUSES.find((s) => s.toLowerCase() === value.trim().toLowerCase());
  return found ?? value;
}

/**
 * The contact input of one CSV row: mapped cells under their field names, unmapped fields left out (so the
 * schema's defaults apply). Feed it to contactInputSchema.
 */
export function contactImportRowInput(
  headers: readonly string[],
  cells: readonly string[],
  mapping: Readonly<Record<string, ContactImportField>>,
): Partial<Record<ContactImportField, string>> {
  const input: Partial<Record<ContactImportField, string>> = {};
  headers.forEach((header, i) => {
    const field = Object.prototype.hasOwnProperty.call(mapping, header) ? mapping[header] : undefined;
    if (!field) return;
    const cell = cells[i] ?? '';
    if (field !== 'status') input[field] = cell;
    // A blank status means the default (Active) for a new contact and "keep" for an existing one.
    else if (cell.trim() !== '') input[field] = normalizeContactStatus(cell);
  });
  return input;
}
