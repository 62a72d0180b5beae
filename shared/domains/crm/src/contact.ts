import * as z from 'zod';
import { CONTACT_STATUSES, emailSchema, pageQuerySchema } from '@atrium/contracts';

export const contactStatusSchema = z.enum(CONTACT_STATUSES);
export type ContactStatus = z.infer<typeof contactStatusSchema>;

/** A stored status as the app shows it: anything but Active or Inactive is shown as Active (docs/requirements.md §4). */
export const shownContactStatus = (status: string | null | undefined): ContactStatus =>
  (CONTACT_STATUSES as readonly string[]).includes(status ?? '') ? (status as ContactStatus) : 'Active';

const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);
const optionalText = (max = 200) =>
  text(max)
    .nullish()
    .transform((v) => (v ? v : null));
const optionalUrl = optionalText(500).refine(
  (v) => v === null || /^https?:\/\/[^\s]+$/i.test(v),
  'Enter a full profile URL starting with http:// or https://',
);
const optionalDate = z
  .union([z.string().trim(), z.null()])
  .optional()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || !Number.isNaN(Date.parse(v)), 'Enter a valid date');

/** What a person fills in: docs/requirements.md §2 "Contact form modal", §3 "Contact". */
/** Our texts for contacts beyond the spec's (the spec is silent on a second contact with the same address). */
export const CONTACT_MESSAGES = {
  emailTaken: 'A contact with this email already exists',
} as const;

export const contactInputSchema = z.object({
  firstName: z
    .string({ error: 'First name is required' })
    .trim()
    .min(1, 'First name is required')
    .max(100, 'First name must be at most 100 characters'),
  lastName: optionalText(100),
  email: emailSchema,
  phoneCode: optionalText(8),
  phoneNumber: optionalText(40),
  business: optionalText(),
  status: contactStatusSchema.default('Active'),
  jobTitle: optionalText(),
  industry: optionalText(),
  specialities: optionalText(1000),
  foundDate: optionalDate,
  lastContact: optionalDate,
  address: optionalText(),
  address2: optionalText(),
  city: optionalText(100),
  state: optionalText(100),
  zipCode: optionalText(20),
  country: optionalText(100),
  linkedin: optionalUrl,
  x: optionalUrl,
  instagram: optionalUrl,
  facebook: optionalUrl,
  blog: optionalUrl,
  youtube: optionalUrl,
  tiktok: optionalUrl,
  other: optionalUrl,
  notes: optionalText(10_000),
  groupIds: z.array(z.string().min(1)).max(200).default([]),
  /** Tag ids of the business. Left out on PUT, the contact keeps its tags; on POST it means none. */
  tags: z.array(z.string().min(1)).max(200).optional(),
});
export type ContactInput = z.input<typeof contactInputSchema>;
export type ContactData = z.output<typeof contactInputSchema>;

export const contactSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  phoneCode: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  business: z.string().nullable(),
  status: contactStatusSchema,
  jobTitle: z.string().nullable(),
  industry: z.string().nullable(),
  specialities: z.string().nullable(),
  foundDate: z.string().nullable(),
  lastContact: z.string().nullable(),
  dateCreated: z.string(),
  address: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  country: z.string().nullable(),
  linkedin: z.string().nullable(),
  x: z.string().nullable(),
  instagram: z.string().nullable(),
  facebook: z.string().nullable(),
  blog: z.string().nullable(),
  youtube: z.string().nullable(),
  tiktok: z.string().nullable(),
  other: z.string().nullable(),
  notes: z.string().nullable(),
  groupIds: z.array(z.string()),
  /** Tag ids (the server always sends them; optional so older fixtures stay valid). */
  tags: z.array(z.string()).optional(),
});
export type Contact = z.infer<typeof contactSchema>;

export const contactListQuerySchema = pageQuerySchema.extend({
  status: contactStatusSchema.optional(),
});
/** What a client sends (the schema coerces the query-string text on the server). */
export interface ContactListQuery {
  page?: number;
  limit?: number;
  search?: string;
  status?: ContactStatus;
}

/** "The phone is composed from phoneCode and phoneNumber." */
export function composePhone(phoneCode: string | null, phoneNumber: string | null): string | null {
  if (!phoneNumber) return null;
  return phoneCode ? `${phoneCode} ${phoneNumber}` : phoneNumber;
}
